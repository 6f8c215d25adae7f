-- Great Western Trail (2nd edition) read models, filled by the analytics projection
-- (src/analytics/analytics-projection.ts). Games stored before this migration are projected only
-- by a rebuild: `npm run projections:rebuild analytics`.

-- Great Western Trail: the final score sheet per seat (the engine's result detail, score.ts
-- `scoreGame`: the 11 categories in score-pad order, objective cards left in the deck added per
-- D20), with the seat's rank and outcome from the result (ties share a rank, forfeits included).
CREATE TABLE "analytics_gwt_final_scores" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "money" INTEGER NOT NULL,
    "buildings" INTEGER NOT NULL,
    "cities" INTEGER NOT NULL,
    "stations" INTEGER NOT NULL,
    "hazards" INTEGER NOT NULL,
    "cattle_cards" INTEGER NOT NULL,
    "objective_cards" INTEGER NOT NULL,
    "station_masters" INTEGER NOT NULL,
    "workers" INTEGER NOT NULL,
    "step_disc_vp" INTEGER NOT NULL,
    "job_market_token" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "winner" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_gwt_final_scores_pkey" PRIMARY KEY ("game_id", "seat")
);
-- Queries reach the rows through analytics_games (game type, players, dates, options): the
-- primary key serves that join; a seat filter joins analytics_seat_results on the same key.

-- Great Western Trail: one row per delivery (a DELIVERED event: Kansas City, or the extraordinary
-- delivery of building 9a). `version` is the DELIVERED event; `disc` and `from_station` are null for
-- a delivery made without any disc (D3: no board disc and no station disc left).
CREATE TABLE "analytics_gwt_deliveries" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "turn" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "city" TEXT,
    -- Kansas City: the breeding value of the delivery (certificates included); null for an
    -- extraordinary delivery (building 9a: no breeding value, no transport cost).
    "breeding_value" INTEGER,
    "extraordinary" BOOLEAN NOT NULL,
    "transport_cost" INTEGER NOT NULL,
    -- The player-board disc placed on the city, or null (moved from a station, or none at all).
    "disc" TEXT,
    -- The station the disc was moved from when no board disc could be placed.
    "from_station" TEXT,
    CONSTRAINT "analytics_gwt_deliveries_pkey" PRIMARY KEY ("game_id", "version")
);
-- Per-city statistics, and a seat's deliveries (seat filters join analytics_seat_results).
CREATE INDEX "analytics_gwt_deliveries_city_idx" ON "analytics_gwt_deliveries" ("city");
CREATE INDEX "analytics_gwt_deliveries_game_seat_idx" ON "analytics_gwt_deliveries" ("game_id", "seat");

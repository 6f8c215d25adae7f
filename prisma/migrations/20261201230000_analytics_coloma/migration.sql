-- Coloma (Deluxe) read models, filled by the analytics projection
-- (src/analytics/coloma-projection.ts). Games stored before this migration are projected only by a
-- rebuild: `npm run projections:rebuild analytics`.

-- Coloma: the final score per seat by category (the engine's result detail, rules.ts `scoreOf`:
-- VP gained during play, Town Buildings, Canyons, the Frontier chart, the Graveyard (negative),
-- Bridges and Hotels), with the seat's rank and outcome from the result (ties share a rank).
CREATE TABLE "analytics_coloma_final_scores" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "play" INTEGER NOT NULL,
    "buildings" INTEGER NOT NULL,
    "canyons" INTEGER NOT NULL,
    "frontier" INTEGER NOT NULL,
    "graveyard" INTEGER NOT NULL,
    "bridges" INTEGER NOT NULL,
    "hotels" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "winner" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_coloma_final_scores_pkey" PRIMARY KEY ("game_id", "seat")
);

-- Coloma: one row per seat and Round, the Location (Site 1-5) its Dial revealed (a DIALS_REVEALED
-- event, `version`), the Round's Bust Site and whether this seat's Site Bust (its Boom covered:
-- the Bust's Site, or the Signpost while it copies the Bust's Site; RULES.md §2.3, §2.6).
CREATE TABLE "analytics_coloma_locations" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "site" INTEGER NOT NULL,
    "bust_site" INTEGER NOT NULL,
    "busted" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_coloma_locations_pkey" PRIMARY KEY ("game_id", "version", "seat")
);
-- Per-Site statistics; a seat's choices (seat filters join analytics_seat_results).
CREATE INDEX "analytics_coloma_locations_site_idx" ON "analytics_coloma_locations" ("site");
CREATE INDEX "analytics_coloma_locations_game_seat_idx" ON "analytics_coloma_locations" ("game_id", "seat");

-- Coloma: one row per Shootout (a SHOOTOUT_RESOLVED event, `version`, at the end of each Year) and
-- place among the Gunmen holders (`place` 1 = most Gunmen; ties by the row nearest the Outlaws),
-- with the holder (`seat`, null for the 2-player neutral Gunmen), its reward tier (1-3) and the
-- Shootout's outcome and strengths. A Shootout nobody held Gunmen in has one row with place 0 and
-- seat and tier null.
CREATE TABLE "analytics_coloma_shootouts" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "place" INTEGER NOT NULL,
    "seat" INTEGER,
    "neutral" BOOLEAN NOT NULL,
    "tier" INTEGER,
    "won" BOOLEAN NOT NULL,
    "gunmen" INTEGER NOT NULL,
    "outlaws" INTEGER NOT NULL,
    CONSTRAINT "analytics_coloma_shootouts_pkey" PRIMARY KEY ("game_id", "version", "place")
);
CREATE INDEX "analytics_coloma_shootouts_game_seat_idx" ON "analytics_coloma_shootouts" ("game_id", "seat");

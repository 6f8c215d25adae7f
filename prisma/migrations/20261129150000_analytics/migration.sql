-- Analytics read models, filled asynchronously by src/analytics/projector.ts from the event log
-- (global `events.position`), checkpointed in `projection_checkpoints` (name 'analytics').
-- Every table can be rebuilt from zero (`npm run projections:rebuild analytics`).

-- One row per started game.
CREATE TABLE "analytics_games" (
    "game_id" TEXT NOT NULL,
    "game_type" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "player_count" INTEGER NOT NULL,
    "human_count" INTEGER NOT NULL,
    "bot_count" INTEGER NOT NULL,
    -- ACTIVE | FINISHED | ABORTED
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "duration_ms" BIGINT,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    -- Carson City: rounds played; Bang!: turns played.
    "rounds" INTEGER NOT NULL DEFAULT 0,
    "end_reason" TEXT,
    "last_position" BIGINT NOT NULL,
    -- The projector's working memory for this game (current round, pick order, turn seat).
    "work" JSONB NOT NULL DEFAULT '{}',
    CONSTRAINT "analytics_games_pkey" PRIMARY KEY ("game_id")
);
CREATE INDEX "analytics_games_type_status_started_idx" ON "analytics_games" ("game_type", "status", "started_at");
CREATE INDEX "analytics_games_type_players_started_idx" ON "analytics_games" ("game_type", "player_count", "started_at");
CREATE INDEX "analytics_games_started_idx" ON "analytics_games" ("started_at");
CREATE INDEX "analytics_games_options_idx" ON "analytics_games" USING GIN ("options" jsonb_path_ops);

-- One row per seat of a started game; score/rank/winner once it finished.
CREATE TABLE "analytics_seat_results" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "game_type" TEXT NOT NULL,
    -- HUMAN | BOT
    "kind" TEXT NOT NULL,
    "bot_level" TEXT,
    -- Bang!: the character and role; null for Carson City (personalities change every round).
    "character" TEXT,
    "role" TEXT,
    "score" INTEGER,
    "rank" INTEGER,
    "winner" BOOLEAN,
    CONSTRAINT "analytics_seat_results_pkey" PRIMARY KEY ("game_id", "seat")
);
CREATE INDEX "analytics_seat_results_type_kind_idx" ON "analytics_seat_results" ("game_type", "kind", "bot_level");
CREATE INDEX "analytics_seat_results_type_character_idx" ON "analytics_seat_results" ("game_type", "character");

-- Carson City: one row per personality pick (round, seat, pick order).
CREATE TABLE "analytics_cc_picks" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "pick_order" INTEGER NOT NULL,
    "personality" INTEGER NOT NULL,
    "personality_key" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "paperboy" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_cc_picks_pkey" PRIMARY KEY ("game_id", "version")
);
CREATE INDEX "analytics_cc_picks_key_idx" ON "analytics_cc_picks" ("personality_key", "game_id", "seat");

-- Carson City: one row per cowboy placed (the action taken: an action square or PARCEL).
CREATE TABLE "analytics_cc_actions" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "loc" TEXT NOT NULL,
    "dynamite" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_cc_actions_pkey" PRIMARY KEY ("game_id", "version")
);
CREATE INDEX "analytics_cc_actions_round_action_idx" ON "analytics_cc_actions" ("round", "action");

-- Carson City: one row per duel participant.
CREATE TABLE "analytics_cc_duels" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "loc" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "participants" INTEGER NOT NULL,
    "dice_total" INTEGER NOT NULL,
    "dice_count" INTEGER NOT NULL,
    "firepower" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "won" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_cc_duels_pkey" PRIMARY KEY ("game_id", "version", "seat")
);

-- Carson City: one row per income payment.
CREATE TABLE "analytics_cc_income" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "owner" INTEGER NOT NULL,
    "building" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "stolen" INTEGER NOT NULL,
    "received" INTEGER NOT NULL,
    "attacker" INTEGER,
    CONSTRAINT "analytics_cc_income_pkey" PRIMARY KEY ("game_id", "version")
);
CREATE INDEX "analytics_cc_income_building_idx" ON "analytics_cc_income" ("building");

-- Carson City: the final score breakdown per seat.
CREATE TABLE "analytics_cc_final_scores" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "vp_during_play" INTEGER NOT NULL,
    "money" INTEGER NOT NULL,
    "possessions" INTEGER NOT NULL,
    "teacher" INTEGER NOT NULL,
    "train_station" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    CONSTRAINT "analytics_cc_final_scores_pkey" PRIMARY KEY ("game_id", "seat")
);

-- Bang! The Dice Game: one row per elimination.
CREATE TABLE "analytics_bang_eliminations" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "turn" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    -- The seat whose turn it was.
    "turn_seat" INTEGER,
    "role" TEXT NOT NULL,
    "character" TEXT NOT NULL,
    "cause" TEXT NOT NULL,
    CONSTRAINT "analytics_bang_eliminations_pkey" PRIMARY KEY ("game_id", "version", "seat")
);

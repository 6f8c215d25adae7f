-- Carson City: the personalities each seat picked at least once in a finished game, with the
-- seat's kind, level and outcome (written by the analytics projection when the game ends), so
-- win rate by personality is one scan and one join with analytics_games.
CREATE TABLE "analytics_cc_seat_personalities" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "personality_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "bot_level" TEXT,
    "winner" BOOLEAN NOT NULL,
    CONSTRAINT "analytics_cc_seat_personalities_pkey" PRIMARY KEY ("game_id", "seat", "personality_key")
);
CREATE INDEX "analytics_cc_seat_personalities_key_idx" ON "analytics_cc_seat_personalities" ("personality_key");

-- Correspondence play: clocks, pause votes, forfeits, vacations, timer retries, webhooks.

-- AlterTable
ALTER TABLE "games" ADD COLUMN "timer_options" JSONB,
ADD COLUMN "paused_at" TIMESTAMPTZ(3),
ADD COLUMN "pause_votes" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN "webhook_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "game_seats" ADD COLUMN "forfeited" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "clock_ms" BIGINT,
ADD COLUMN "turn_started_at" TIMESTAMPTZ(3),
ADD COLUMN "vacation_until" TIMESTAMPTZ(3),
ADD COLUMN "vacation_days_used" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "timers" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "last_error" TEXT;

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "seat" INTEGER,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "event_key" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhooks_game_id_idx" ON "webhooks"("game_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_game_id_created_at_idx" ON "webhook_deliveries"("game_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries"("status");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_event_key_key" ON "webhook_deliveries"("webhook_id", "event_key");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

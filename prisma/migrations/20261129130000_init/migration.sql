-- CreateTable
CREATE TABLE "games" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "active_seats" INTEGER[],
    "result" JSONB,
    "summary" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_seats" (
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT,
    "kind" TEXT NOT NULL,
    "bot_level" TEXT,
    "token_hash" TEXT,
    "joined_at" TIMESTAMPTZ(3),
    "bot_takeover" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "game_seats_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateTable
CREATE TABLE "events" (
    "position" BIGSERIAL NOT NULL,
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("position")
);

-- CreateTable
CREATE TABLE "commands" (
    "game_id" TEXT NOT NULL,
    "command_id" TEXT NOT NULL,
    "seat" INTEGER,
    "command" JSONB NOT NULL,
    "from_version" INTEGER NOT NULL,
    "to_version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "commands_pkey" PRIMARY KEY ("game_id","command_id")
);

-- CreateTable
CREATE TABLE "snapshots" (
    "game_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("game_id","version")
);

-- CreateTable
CREATE TABLE "timers" (
    "id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "fired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projection_checkpoints" (
    "name" TEXT NOT NULL,
    "position" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projection_checkpoints_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "games_status_type_created_at_idx" ON "games"("status", "type", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "game_seats_token_hash_key" ON "game_seats"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "events_game_id_version_key" ON "events"("game_id", "version");

-- CreateIndex
CREATE INDEX "timers_status_due_at_idx" ON "timers"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "timers_game_id_version_seat_kind_key" ON "timers"("game_id", "version", "seat", "kind");

-- AddForeignKey
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commands" ADD CONSTRAINT "commands_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timers" ADD CONSTRAINT "timers_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

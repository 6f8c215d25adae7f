-- Every stored event carries the event schema its engine wrote it in (GameEngine.eventSchema).
-- Rows from before the column are schema 1. Reading an older schema runs the engine's upcasters
-- (src/games/upcast.ts) before evolve.
ALTER TABLE "events" ADD COLUMN "schema_version" INTEGER NOT NULL DEFAULT 1;

-- Snapshots are a cache of engine state. When an engine's state changes shape (a new field such as
-- Bang!'s public ledger), snapshots written before are not read any more: the loader asks for the
-- engine's current schema and rebuilds from the events when there is none.
ALTER TABLE "snapshots" ADD COLUMN "state_schema" INTEGER NOT NULL DEFAULT 1;

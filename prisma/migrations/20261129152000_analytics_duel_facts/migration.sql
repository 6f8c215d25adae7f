-- Duel participants carry the facts the duel statistics group by, so they need no join with
-- picks and no per-duel window: `first` (one row per duel), `strongest` (strictly the highest
-- firepower of the duel) and the participant's personality in that round. Rows projected before
-- this migration get the defaults: run `npm run projections:rebuild analytics` to fill them.
ALTER TABLE "analytics_cc_duels" ADD COLUMN "first" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "analytics_cc_duels" ADD COLUMN "strongest" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "analytics_cc_duels" ADD COLUMN "personality_key" TEXT;

-- Carson City modules add parts to the final score: Carson River's bridge bonus (+1 VP per
-- possession a bridge touches), Horses (horses x (1 + rodeo markers)) and Kit Carson (+1 VP per
-- player behind on the pass-order track). Rows projected before this migration get 0: run
-- `npm run projections:rebuild analytics` to fill them.
ALTER TABLE "analytics_cc_final_scores" ADD COLUMN "bridges" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "analytics_cc_final_scores" ADD COLUMN "horses" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "analytics_cc_final_scores" ADD COLUMN "kit_carson" INTEGER NOT NULL DEFAULT 0;

-- Provably fair dice (README "Security"): the SHA-256 commitment to each game's secret, published
-- from creation; whether the creator chose the seed (operator test controls); and the values of
-- test-only options, kept out of the public `options`. All null for games created before: such a
-- game is simply unverifiable.
ALTER TABLE "games" ADD COLUMN "seed_commitment" TEXT;
ALTER TABLE "games" ADD COLUMN "seeded" BOOLEAN;
ALTER TABLE "games" ADD COLUMN "test_options" JSONB;

-- Webhooks remember which seat registered them (null: a game nobody holds a token of), so each
-- seat's hooks can be capped. Lobbies get a host credential: the SHA-256 of the token createGame
-- returns once to the creator (null for games created before it: only seat holders run those).
ALTER TABLE "webhooks" ADD COLUMN "registered_by" INTEGER;
ALTER TABLE "games" ADD COLUMN "host_token_hash" TEXT;
CREATE UNIQUE INDEX "games_host_token_hash_key" ON "games"("host_token_hash");

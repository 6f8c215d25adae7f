-- A command id answers its first result only to the same command: the SHA-256 of the canonical
-- command body (game id, seat, command) is stored with the record and compared on a retry, so the
-- same id with a different body is a CONFLICT. Nullable: rows recorded before keep today's
-- behaviour (answered from the record without a comparison).
ALTER TABLE "commands" ADD COLUMN "body_hash" TEXT;

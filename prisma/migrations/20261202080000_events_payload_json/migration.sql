-- Event payloads as `json` (their text, validated) instead of `jsonb` (a parsed binary form).
-- Every read of an event (loads, pages, exports, projections, rebuilds) turns the payload back
-- into text, and for jsonb that conversion was about two thirds of PostgreSQL's work on a
-- rebuild's read; a json value is output as it is stored. Nothing queries payloads with jsonb's
-- operators or indexes them (`->`/`->>` work on json alike). The conversion keeps each stored
-- value's text exactly as jsonb outputs it (what every reader got until now), and the append
-- still parses through jsonb (APPEND_SQL's `::jsonb`), so new rows are stored in that same form.
ALTER TABLE "events" ALTER COLUMN "payload" SET DATA TYPE JSON USING "payload"::json;

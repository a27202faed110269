-- 0004_trace_tags (PostgreSQL): the user's KEY=VALUE tags of a trace (ingest and
-- watch --tag, --tags-from-name). schema/schema.sql explains the column; keep
-- migrations/sqlite/0004_trace_tags.sql in step.
--
-- A JSON object of strings, {"host":"a","run":"3"}, keys sorted; NULL for a
-- trace without tags, as every trace loaded before this migration is.
ALTER TABLE trace ADD COLUMN tags TEXT;

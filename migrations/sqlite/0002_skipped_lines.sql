-- 0002_skipped_lines (SQLite): what a lenient load (--on-error skip) left out
-- of a trace. schema/schema.sql explains the columns; keep
-- migrations/postgresql/0002_skipped_lines.sql in step.
--
-- skipped_lines counts the bad lines skipped (0 for every strict load, and
-- for the traces loaded before this migration, which were all strict);
-- skipped_errors holds the first ten of them, one "FILE:LINE: problem" per
-- line, NULL when none was skipped.
ALTER TABLE trace ADD COLUMN skipped_lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE trace ADD COLUMN skipped_errors TEXT;

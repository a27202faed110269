-- 0010_deleting_status (PostgreSQL): trace.status may be 'deleting'
-- (schema/schema.sql explains it; keep migrations/sqlite/0010_deleting_status.sql
-- in step). PostgreSQL drops a trace's partitions at once and never leaves a
-- trace 'deleting'; the status is here so that version N means the same
-- schema in both dialects.
ALTER TABLE trace DROP CONSTRAINT trace_status_check;
ALTER TABLE trace ADD CONSTRAINT trace_status_check
  CHECK (status IN ('loading', 'complete', 'failed', 'deleting'));

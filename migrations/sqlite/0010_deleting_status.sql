-- 0010_deleting_status (SQLite): trace.status may be 'deleting', so that
-- `tracedb delete` hides a big trace in one short transaction and removes its
-- rows afterwards, table by table (schema/schema.sql explains the status; keep
-- migrations/postgresql/0010_deleting_status.sql in step).
--
-- SQLite cannot change a CHECK: the trace table is rebuilt, its rows copied
-- under their own ids, its AUTOINCREMENT counter kept (ids are never reused
-- after a delete), its index made again. No view reads it meanwhile: the
-- migrator drops them before the migrations and makes them again after
-- (migrations/views.sql), or SQLite would rewrite them on the rename.
DROP INDEX trace_sha256;
ALTER TABLE trace RENAME TO trace_old;
CREATE TABLE trace (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  name            TEXT NOT NULL,
  path            TEXT NOT NULL,
  format          TEXT NOT NULL,
  size_bytes      INTEGER,
  sha256          TEXT NOT NULL,
  comment         TEXT,
  ingested_at     TEXT NOT NULL,
  tool_version    TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('loading', 'complete', 'failed', 'deleting')),
  error           TEXT,
  loader_host     TEXT,
  loader_pid      INTEGER,
  start_time      REAL,
  end_time        REAL,
  container_count INTEGER,
  state_count     INTEGER,
  event_count     INTEGER,
  variable_count  INTEGER,
  link_count      INTEGER,
  metadata        TEXT,
  skipped_lines   INTEGER NOT NULL DEFAULT 0,
  skipped_errors  TEXT,
  tags            TEXT,
  profile_bins    INTEGER
);
INSERT INTO trace (id, name, path, format, size_bytes, sha256, comment, ingested_at,
  tool_version, status, error, loader_host, loader_pid, start_time, end_time, container_count,
  state_count, event_count, variable_count, link_count, metadata, skipped_lines, skipped_errors,
  tags, profile_bins)
SELECT id, name, path, format, size_bytes, sha256, comment, ingested_at, tool_version, status,
  error, loader_host, loader_pid, start_time, end_time, container_count, state_count,
  event_count, variable_count, link_count, metadata, skipped_lines, skipped_errors, tags,
  profile_bins FROM trace_old ORDER BY id;
-- The renamed table took the counter along: give it back.
DELETE FROM sqlite_sequence WHERE name = 'trace';
UPDATE sqlite_sequence SET name = 'trace' WHERE name = 'trace_old';
DROP TABLE trace_old;
CREATE INDEX trace_sha256 ON trace (sha256);

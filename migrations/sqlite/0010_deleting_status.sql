-- 0010_deleting_status (SQLite): trace.status may be 'deleting', so that
-- `tracedb delete` hides a big trace in one short transaction and removes its
-- rows afterwards, table by table (schema/schema.sql explains the status; keep
-- migrations/postgresql/0010_deleting_status.sql in step).
--
-- SQLite cannot change a CHECK: the trace table is rebuilt, its rows copied
-- under their own ids, its AUTOINCREMENT counter kept (ids are never reused
-- after a delete), its index made again. The views read it, so they are
-- dropped first (SQLite rewrites them on a rename) and made again, unchanged.
DROP VIEW container_view;
DROP VIEW state_view;
DROP VIEW event_view;
DROP VIEW variable_view;
DROP VIEW link_view;
DROP VIEW state_summary_view;
DROP VIEW event_summary_view;
DROP VIEW variable_summary_view;
DROP VIEW link_summary_view;
DROP VIEW state_profile_view;

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

CREATE VIEW container_view AS
SELECT c.trace_id, c.id, c.name, c.path, p.id AS parent_id, p.name AS parent, c.type_id,
       t.name AS type, c.start_time, c.end_time, c.end_time - c.start_time AS duration, c.extra
FROM container c
JOIN trace tr ON tr.id = c.trace_id AND tr.status = 'complete'
JOIN type t ON t.trace_id = c.trace_id AND t.id = c.type_id
LEFT JOIN container p ON p.trace_id = c.trace_id AND p.id = c.parent_id AND p.parent_id IS NOT NULL
WHERE c.parent_id IS NOT NULL;

CREATE VIEW state_view AS
SELECT s.trace_id, s.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, s.type_id, t.name AS type, s.value_id, v.name AS value,
       s.start_time, s.end_time, s.end_time - s.start_time AS duration, s.depth, s.extra,
       s.duration_class, s.long_state
FROM state s
JOIN trace tr ON tr.id = s.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = s.trace_id AND c.id = s.container_id
JOIN type t ON t.trace_id = s.trace_id AND t.id = s.type_id
JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id;

-- value is NULL and number set for an event whose value is a number.
CREATE VIEW event_view AS
SELECT e.trace_id, e.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, e.type_id, t.name AS type, e.value_id, v.name AS value, e.number,
       e.time, e.extra
FROM event e
JOIN trace tr ON tr.id = e.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = e.trace_id AND c.id = e.container_id
JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id
LEFT JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id;

CREATE VIEW variable_view AS
SELECT x.trace_id, x.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, x.type_id, t.name AS type,
       x.start_time, x.end_time, x.end_time - x.start_time AS duration, x.value, x.extra
FROM variable x
JOIN trace tr ON tr.id = x.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = x.trace_id AND c.id = x.container_id
JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id;

CREATE VIEW link_view AS
SELECT l.trace_id, l.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, l.type_id, t.name AS type, l.value_id, v.name AS value, l.key,
       l.start_container_id, sc.name AS start_container, sc.path AS start_container_path,
       l.end_container_id, ec.name AS end_container, ec.path AS end_container_path,
       l.start_time, l.end_time, l.end_time - l.start_time AS duration, l.size, l.tag, l.extra
FROM link l
JOIN trace tr ON tr.id = l.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = l.trace_id AND c.id = l.container_id
JOIN type t ON t.trace_id = l.trace_id AND t.id = l.type_id
JOIN value v ON v.trace_id = l.trace_id AND v.id = l.value_id
LEFT JOIN container sc ON sc.trace_id = l.trace_id AND sc.id = l.start_container_id
LEFT JOIN container ec ON ec.trace_id = l.trace_id AND ec.id = l.end_container_id;

CREATE VIEW state_summary_view AS
SELECT s.trace_id, s.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, s.type_id, t.name AS type, s.value_id, v.name AS value, s.count,
       s.inclusive_seconds, s.exclusive_seconds, s.min_seconds, s.max_seconds
FROM state_summary s
JOIN container c ON c.trace_id = s.trace_id AND c.id = s.container_id
JOIN type t ON t.trace_id = s.trace_id AND t.id = s.type_id
JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id
WHERE s.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

CREATE VIEW event_summary_view AS
SELECT e.trace_id, e.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, e.type_id, t.name AS type, e.value_id, v.name AS value, e.count
FROM event_summary e
JOIN container c ON c.trace_id = e.trace_id AND c.id = e.container_id
JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id
LEFT JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id
WHERE e.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

CREATE VIEW variable_summary_view AS
SELECT x.trace_id, x.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, x.type_id, t.name AS type, x.count, x.min, x.max,
       x.time_weighted_mean, x.start_time, x.end_time
FROM variable_summary x
JOIN container c ON c.trace_id = x.trace_id AND c.id = x.container_id
JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id
WHERE x.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

CREATE VIEW link_summary_view AS
SELECT l.trace_id, l.type_id, t.name AS type,
       l.start_container_id, sc.name AS start_container, sc.path AS start_container_path,
       l.end_container_id, ec.name AS end_container, ec.path AS end_container_path,
       l.messages, l.bytes, l.seconds
FROM link_summary l
JOIN type t ON t.trace_id = l.trace_id AND t.id = l.type_id
LEFT JOIN container sc ON sc.trace_id = l.trace_id AND sc.id = l.start_container_id
LEFT JOIN container ec ON ec.trace_id = l.trace_id AND ec.id = l.end_container_id
WHERE l.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

CREATE VIEW state_profile_view AS
SELECT p.trace_id, p.type_id, t.name AS type, p.value_id, v.name AS value,
       p.bin, p.bin_start, p.bin_end, p.seconds
FROM state_profile p
JOIN type t ON t.trace_id = p.trace_id AND t.id = p.type_id
JOIN value v ON v.trace_id = p.trace_id AND v.id = p.value_id
WHERE p.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

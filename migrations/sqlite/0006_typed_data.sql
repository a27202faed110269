-- 0006_typed_data (SQLite): numbers stored as numbers. schema/schema.sql
-- explains the columns; keep migrations/postgresql/0006_typed_data.sql in step.
--
-- link.size and link.tag: a message's size and tag (Paraver's SIZE and TAG;
-- Pajé's user fields Size/size and Tag/tag), NULL when the trace does not
-- give them, as for every trace loaded before this migration.
--
-- event.number: the value of an event that is a number, not a named value
-- (a Paraver value the .pcf does not label); value_id is then NULL. Traces
-- loaded before keep such values as value rows named by their number.
--
-- User fields declared as numbers are now JSON numbers in `extra`; the rows
-- of older traces keep their strings (nothing here rewrites them).
ALTER TABLE link ADD COLUMN size INTEGER;
ALTER TABLE link ADD COLUMN tag INTEGER;

DROP VIEW event_view;
DROP VIEW link_view;

-- SQLite cannot drop a NOT NULL: the event table is rebuilt, its rows copied
-- under their own rowids (so in their order), its index made again. The old
-- table is renamed away first, so that the new one is created under its own
-- name (a table renamed to `event` would be stored as CREATE TABLE "event").
DROP INDEX event_container_time;
ALTER TABLE event RENAME TO event_old;
CREATE TABLE event (
  trace_id     INTEGER NOT NULL,
  container_id INTEGER NOT NULL,
  type_id      INTEGER NOT NULL,
  value_id     INTEGER,
  time         REAL NOT NULL,
  extra        TEXT,
  number       INTEGER
);
INSERT INTO event (rowid, trace_id, container_id, type_id, value_id, time, extra)
SELECT rowid, trace_id, container_id, type_id, value_id, time, extra FROM event_old ORDER BY rowid;
DROP TABLE event_old;
CREATE INDEX event_container_time ON event (trace_id, container_id, time);

-- A numbered event has no value row: LEFT JOIN, and its number beside.
CREATE VIEW event_view AS
SELECT e.trace_id, e.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, e.type_id, t.name AS type, e.value_id, v.name AS value, e.number,
       e.time, e.extra
FROM event e
JOIN trace tr ON tr.id = e.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = e.trace_id AND c.id = e.container_id
JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id
LEFT JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id;

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

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

-- SQLite cannot drop a NOT NULL: the event table is rebuilt, its rows copied
-- under their own rowids (so in their order), its index made again. The old
-- table is renamed away first, so that the new one is created under its own
-- name (a table renamed to `event` would be stored as CREATE TABLE "event").
-- No view reads it meanwhile (migrations/views.sql).
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

-- 0001_initial (SQLite): the first tracedb schema. schema/schema.sql explains
-- every table and column; keep migrations/postgresql/0001_initial.sql in step.
-- The migrator wraps this file in one transaction and records it in
-- schema_version, so it holds no BEGIN/COMMIT of its own.
--
-- No FOREIGN KEY clauses: rows arrive in simulation order (a state is written
-- before its container closes), loads run with foreign_keys=OFF, and deleting
-- a trace removes its rows table by table (src/db/sqlite/trace_catalog.cc).

-- AUTOINCREMENT so that the id of a deleted trace is never handed out again:
-- a script that remembers "trace 5" must not silently get another trace.
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
  status          TEXT NOT NULL CHECK (status IN ('loading', 'complete', 'failed')),
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
  metadata        TEXT
);
CREATE INDEX trace_sha256 ON trace (sha256);

CREATE TABLE type (
  trace_id      INTEGER NOT NULL,
  id            INTEGER NOT NULL,
  parent_id     INTEGER,
  kind          TEXT NOT NULL CHECK (kind IN ('container', 'state', 'event', 'variable', 'link')),
  name          TEXT NOT NULL,
  alias         TEXT,
  start_type_id INTEGER,
  end_type_id   INTEGER,
  PRIMARY KEY (trace_id, id)
);

CREATE TABLE value (
  trace_id INTEGER NOT NULL,
  id       INTEGER NOT NULL,
  type_id  INTEGER NOT NULL,
  name     TEXT NOT NULL,
  alias    TEXT,
  color    TEXT,
  PRIMARY KEY (trace_id, id)
);

CREATE TABLE container (
  trace_id   INTEGER NOT NULL,
  id         INTEGER NOT NULL,
  parent_id  INTEGER,
  type_id    INTEGER NOT NULL,
  name       TEXT NOT NULL,
  alias      TEXT,
  start_time REAL NOT NULL,
  end_time   REAL NOT NULL,
  extra      TEXT,
  PRIMARY KEY (trace_id, id)
);

-- The four high-volume tables: no key of their own (the hidden rowid is the
-- cheapest), one index for "what happened in this container, in time order".
CREATE TABLE state (
  trace_id     INTEGER NOT NULL,
  container_id INTEGER NOT NULL,
  type_id      INTEGER NOT NULL,
  value_id     INTEGER NOT NULL,
  start_time   REAL NOT NULL,
  end_time     REAL NOT NULL,
  depth        INTEGER NOT NULL,
  extra        TEXT
);
CREATE INDEX state_container_time ON state (trace_id, container_id, start_time);

CREATE TABLE event (
  trace_id     INTEGER NOT NULL,
  container_id INTEGER NOT NULL,
  type_id      INTEGER NOT NULL,
  value_id     INTEGER NOT NULL,
  time         REAL NOT NULL,
  extra        TEXT
);
CREATE INDEX event_container_time ON event (trace_id, container_id, time);

CREATE TABLE variable (
  trace_id     INTEGER NOT NULL,
  container_id INTEGER NOT NULL,
  type_id      INTEGER NOT NULL,
  start_time   REAL NOT NULL,
  end_time     REAL NOT NULL,
  value        REAL NOT NULL,
  extra        TEXT
);
CREATE INDEX variable_container_time ON variable (trace_id, container_id, start_time);

CREATE TABLE link (
  trace_id           INTEGER NOT NULL,
  container_id       INTEGER NOT NULL,
  type_id            INTEGER NOT NULL,
  value_id           INTEGER NOT NULL,
  key                TEXT,
  start_container_id INTEGER,
  end_container_id   INTEGER,
  start_time         REAL,
  end_time           REAL,
  extra              TEXT
);
CREATE INDEX link_container_time ON link (trace_id, container_id, start_time);

-- Views with names joined in, over complete traces only: a trace still
-- loading, or one that failed, is never half-visible here.
CREATE VIEW container_view AS
SELECT c.trace_id, c.id, c.name, p.name AS parent, t.name AS type,
       c.start_time, c.end_time, c.end_time - c.start_time AS duration, c.extra
FROM container c
JOIN trace tr ON tr.id = c.trace_id AND tr.status = 'complete'
JOIN type t ON t.trace_id = c.trace_id AND t.id = c.type_id
LEFT JOIN container p ON p.trace_id = c.trace_id AND p.id = c.parent_id;

CREATE VIEW state_view AS
SELECT s.trace_id, c.name AS container, t.name AS type, v.name AS value,
       s.start_time, s.end_time, s.end_time - s.start_time AS duration, s.depth, s.extra
FROM state s
JOIN trace tr ON tr.id = s.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = s.trace_id AND c.id = s.container_id
JOIN type t ON t.trace_id = s.trace_id AND t.id = s.type_id
JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id;

CREATE VIEW event_view AS
SELECT e.trace_id, c.name AS container, t.name AS type, v.name AS value, e.time, e.extra
FROM event e
JOIN trace tr ON tr.id = e.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = e.trace_id AND c.id = e.container_id
JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id
JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id;

CREATE VIEW variable_view AS
SELECT x.trace_id, c.name AS container, t.name AS type,
       x.start_time, x.end_time, x.end_time - x.start_time AS duration, x.value, x.extra
FROM variable x
JOIN trace tr ON tr.id = x.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = x.trace_id AND c.id = x.container_id
JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id;

CREATE VIEW link_view AS
SELECT l.trace_id, c.name AS container, t.name AS type, v.name AS value, l.key,
       sc.name AS start_container, ec.name AS end_container,
       l.start_time, l.end_time, l.end_time - l.start_time AS duration, l.extra
FROM link l
JOIN trace tr ON tr.id = l.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = l.trace_id AND c.id = l.container_id
JOIN type t ON t.trace_id = l.trace_id AND t.id = l.type_id
JOIN value v ON v.trace_id = l.trace_id AND v.id = l.value_id
LEFT JOIN container sc ON sc.trace_id = l.trace_id AND sc.id = l.start_container_id
LEFT JOIN container ec ON ec.trace_id = l.trace_id AND ec.id = l.end_container_id;

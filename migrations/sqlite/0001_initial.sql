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

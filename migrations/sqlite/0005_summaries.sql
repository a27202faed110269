-- 0005_summaries (SQLite): container paths, the summaries each load computes
-- while the trace streams (state, event, variable and link summaries, the
-- state profile over time); the views (migrations/views.sql) show the ids
-- and paths beside the names.
-- schema/schema.sql explains every column; keep
-- migrations/postgresql/0005_summaries.sql in step.
--
-- Each container's path: the names from the root's child down, joined with
-- '/' ('node1/thread 1'), so that containers of the same name stay apart in
-- every answer. Loads fill it as containers end; here, for the traces loaded
-- before this version. The root's is NULL, and so is a path longer than
-- 4,096 characters (containers nested thousands deep: such paths would be
-- quadratic in size).
ALTER TABLE container ADD COLUMN path TEXT;
UPDATE container SET path = named.path
FROM (
  WITH RECURSIVE walk(trace_id, id, path) AS (
    SELECT c.trace_id, c.id, c.name
    FROM container c
    JOIN container r ON r.trace_id = c.trace_id AND r.id = c.parent_id AND r.parent_id IS NULL
    WHERE length(c.name) <= 4096
    UNION ALL
    SELECT c.trace_id, c.id, walk.path || '/' || c.name
    FROM container c
    JOIN walk ON c.trace_id = walk.trace_id AND c.parent_id = walk.id
    WHERE length(walk.path) + 1 + length(c.name) <= 4096
  )
  SELECT trace_id, id, path FROM walk
) AS named
WHERE container.trace_id = named.trace_id AND container.id = named.id;

-- The number of time bins state_profile was asked for (ingest
-- --profile-bins); NULL for a trace whose summaries were never computed
-- (loaded before this version: loading the file again with ingest --force
-- computes them).
ALTER TABLE trace ADD COLUMN profile_bins INTEGER;

-- Summaries, computed while the trace streams through the simulator and
-- stored in the same load: one row per (container, type, value), never per
-- entity, so the common questions read a few thousand rows.
CREATE TABLE state_summary (
  trace_id          INTEGER NOT NULL,
  container_id      INTEGER NOT NULL,
  type_id           INTEGER NOT NULL,
  value_id          INTEGER NOT NULL,
  count             INTEGER NOT NULL,
  inclusive_seconds REAL NOT NULL,
  exclusive_seconds REAL NOT NULL,
  min_seconds       REAL NOT NULL,
  max_seconds       REAL NOT NULL
);
CREATE INDEX state_summary_container ON state_summary (trace_id, container_id);

CREATE TABLE event_summary (
  trace_id     INTEGER NOT NULL,
  container_id INTEGER NOT NULL,
  type_id      INTEGER NOT NULL,
  value_id     INTEGER,
  count        INTEGER NOT NULL
);
CREATE INDEX event_summary_container ON event_summary (trace_id, container_id);

CREATE TABLE variable_summary (
  trace_id           INTEGER NOT NULL,
  container_id       INTEGER NOT NULL,
  type_id            INTEGER NOT NULL,
  count              INTEGER NOT NULL,
  min                REAL NOT NULL,
  max                REAL NOT NULL,
  time_weighted_mean REAL,
  start_time         REAL NOT NULL,
  end_time           REAL NOT NULL
);
CREATE INDEX variable_summary_container ON variable_summary (trace_id, container_id);

CREATE TABLE link_summary (
  trace_id           INTEGER NOT NULL,
  type_id            INTEGER NOT NULL,
  start_container_id INTEGER,
  end_container_id   INTEGER,
  messages           INTEGER NOT NULL,
  bytes              INTEGER,
  seconds            REAL
);
CREATE INDEX link_summary_containers ON link_summary (trace_id, start_container_id, end_container_id);
-- The busiest pairs first without sorting the matrix, which has as many rows as
-- pairs of containers that talk (1.8 million in the 1 GB bench trace).
CREATE INDEX link_summary_messages ON link_summary (trace_id, messages);

CREATE TABLE state_profile (
  trace_id  INTEGER NOT NULL,
  type_id   INTEGER NOT NULL,
  value_id  INTEGER NOT NULL,
  bin       INTEGER NOT NULL,
  bin_start REAL NOT NULL,
  bin_end   REAL NOT NULL,
  seconds   REAL NOT NULL
);
CREATE INDEX state_profile_bin ON state_profile (trace_id, bin);

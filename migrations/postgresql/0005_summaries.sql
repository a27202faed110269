-- 0005_summaries (PostgreSQL): container paths, the summaries each load computes
-- while the trace streams (state, event, variable and link summaries, the
-- state profile over time), and views with ids and paths beside the names.
-- schema/schema.sql explains every column; keep
-- migrations/sqlite/0005_summaries.sql in step.
--
-- Like the entity tables, each summary table is partitioned by trace_id.
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
ALTER TABLE trace ADD COLUMN profile_bins BIGINT;

-- Summaries, computed while the trace streams through the simulator and
-- stored in the same load: one row per (container, type, value), never per
-- entity, so the common questions read a few thousand rows.
CREATE TABLE state_summary (
  trace_id          BIGINT NOT NULL,
  container_id      BIGINT NOT NULL,
  type_id           BIGINT NOT NULL,
  value_id          BIGINT NOT NULL,
  count             BIGINT NOT NULL,
  inclusive_seconds DOUBLE PRECISION NOT NULL,
  exclusive_seconds DOUBLE PRECISION NOT NULL,
  min_seconds       DOUBLE PRECISION NOT NULL,
  max_seconds       DOUBLE PRECISION NOT NULL
) PARTITION BY LIST (trace_id);
CREATE INDEX state_summary_container ON state_summary (trace_id, container_id);

CREATE TABLE event_summary (
  trace_id     BIGINT NOT NULL,
  container_id BIGINT NOT NULL,
  type_id      BIGINT NOT NULL,
  value_id     BIGINT,
  count        BIGINT NOT NULL
) PARTITION BY LIST (trace_id);
CREATE INDEX event_summary_container ON event_summary (trace_id, container_id);

CREATE TABLE variable_summary (
  trace_id           BIGINT NOT NULL,
  container_id       BIGINT NOT NULL,
  type_id            BIGINT NOT NULL,
  count              BIGINT NOT NULL,
  min                DOUBLE PRECISION NOT NULL,
  max                DOUBLE PRECISION NOT NULL,
  time_weighted_mean DOUBLE PRECISION,
  start_time         DOUBLE PRECISION NOT NULL,
  end_time           DOUBLE PRECISION NOT NULL
) PARTITION BY LIST (trace_id);
CREATE INDEX variable_summary_container ON variable_summary (trace_id, container_id);

CREATE TABLE link_summary (
  trace_id           BIGINT NOT NULL,
  type_id            BIGINT NOT NULL,
  start_container_id BIGINT,
  end_container_id   BIGINT,
  messages           BIGINT NOT NULL,
  bytes              BIGINT,
  seconds            DOUBLE PRECISION
) PARTITION BY LIST (trace_id);
CREATE INDEX link_summary_containers ON link_summary (trace_id, start_container_id, end_container_id);
-- The busiest pairs first without sorting the matrix, which has as many rows as
-- pairs of containers that talk (1.8 million in the 1 GB bench trace).
CREATE INDEX link_summary_messages ON link_summary (trace_id, messages);

CREATE TABLE state_profile (
  trace_id  BIGINT NOT NULL,
  type_id   BIGINT NOT NULL,
  value_id  BIGINT NOT NULL,
  bin       BIGINT NOT NULL,
  bin_start DOUBLE PRECISION NOT NULL,
  bin_end   DOUBLE PRECISION NOT NULL,
  seconds   DOUBLE PRECISION NOT NULL
) PARTITION BY LIST (trace_id);
CREATE INDEX state_profile_bin ON state_profile (trace_id, bin);

-- The views again, with ids and container paths beside the names. The root
-- container is not a container of the program: container_view leaves it
-- out, and the entities drawn in it (links, mostly) show container_id 0 with
-- a NULL container and path.
DROP VIEW container_view;
DROP VIEW state_view;
DROP VIEW event_view;
DROP VIEW variable_view;
DROP VIEW link_view;

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
       s.start_time, s.end_time, s.end_time - s.start_time AS duration, s.depth, s.extra
FROM state s
JOIN trace tr ON tr.id = s.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = s.trace_id AND c.id = s.container_id
JOIN type t ON t.trace_id = s.trace_id AND t.id = s.type_id
JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id;

CREATE VIEW event_view AS
SELECT e.trace_id, e.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, e.type_id, t.name AS type, e.value_id, v.name AS value,
       e.time, e.extra
FROM event e
JOIN trace tr ON tr.id = e.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = e.trace_id AND c.id = e.container_id
JOIN type t ON t.trace_id = e.trace_id AND t.id = e.type_id
JOIN value v ON v.trace_id = e.trace_id AND v.id = e.value_id;

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
       l.start_time, l.end_time, l.end_time - l.start_time AS duration, l.extra
FROM link l
JOIN trace tr ON tr.id = l.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = l.trace_id AND c.id = l.container_id
JOIN type t ON t.trace_id = l.trace_id AND t.id = l.type_id
JOIN value v ON v.trace_id = l.trace_id AND v.id = l.value_id
LEFT JOIN container sc ON sc.trace_id = l.trace_id AND sc.id = l.start_container_id
LEFT JOIN container ec ON ec.trace_id = l.trace_id AND ec.id = l.end_container_id;

-- The summary views pick complete traces with IN rather than a join, so that
-- an index of the summary table can give their order (the busiest pairs of
-- link_summary in milliseconds rather than a sort of the whole matrix).
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

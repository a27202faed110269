-- Every view of a tracedb archive, in SQL that SQLite and PostgreSQL read
-- alike. The views are not part of the migrations: the migrator drops the
-- views named here before it runs pending migrations, so that a migration
-- may change any table they read, and creates them from this file after the
-- last one, in the migrating transaction; it records this file's SHA-256 in
-- schema_views and does the same whenever the file is not what the archive
-- last applied. So a migration changes only what it changes, and changing a
-- view is an edit of this file (migrations/README.md). A view that needs one
-- dialect's own SQL would split this file in two, one per dialect folder.
--
-- Views: ids with display names and container paths beside them, duration
-- added, complete traces only. A name that belongs to the root container
-- (container_id 0) is NULL: the root is the trace's frame, not a container
-- of the program, and container_view leaves it out.
-- The summary views pick complete traces with IN rather than a join, so that
-- an index of the summary table can give their order (the busiest pairs of
-- link_summary in milliseconds rather than a sort of the whole matrix).
CREATE VIEW container_view AS
SELECT c.trace_id, c.id, c.name, c.path, p.id AS parent_id, p.name AS parent, c.type_id,
       t.name AS type, c.start_time, c.end_time, c.end_time - c.start_time AS duration, c.extra
FROM container c
JOIN trace tr ON tr.id = c.trace_id AND tr.status = 'complete'
JOIN type t ON t.trace_id = c.trace_id AND t.id = c.type_id
LEFT JOIN container p ON p.trace_id = c.trace_id AND p.id = c.parent_id AND p.parent_id IS NOT NULL
WHERE c.parent_id IS NOT NULL;

-- duration_class and long_state, so that window queries can join
-- state_duration and choose the index of long states; parent_start, to join
-- the state a state is nested in (docs/archive.md).
CREATE VIEW state_view AS
SELECT s.trace_id, s.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, s.type_id, t.name AS type, s.value_id, v.name AS value,
       s.start_time, s.end_time, s.end_time - s.start_time AS duration, s.depth, s.extra,
       s.duration_class, s.long_state, s.parent_start
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

-- value is '(other paths)' (value_id NULL) for the paths past a container's
-- bound.
CREATE VIEW call_path_view AS
SELECT p.trace_id, p.path_id, p.parent_id, p.container_id,
       CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, p.type_id, t.name AS type, p.value_id,
       coalesce(v.name, '(other paths)') AS value, p.depth, p.count, p.inclusive_seconds,
       p.exclusive_seconds
FROM call_path p
JOIN container c ON c.trace_id = p.trace_id AND c.id = p.container_id
JOIN type t ON t.trace_id = p.trace_id AND t.id = p.type_id
LEFT JOIN value v ON v.trace_id = p.trace_id AND v.id = p.value_id
WHERE p.trace_id IN (SELECT id FROM trace WHERE status = 'complete');

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

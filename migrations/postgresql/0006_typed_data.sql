-- 0006_typed_data (PostgreSQL 15): numbers stored as numbers. schema/schema.sql
-- explains the columns; keep migrations/sqlite/0006_typed_data.sql in step.
--
-- link.size and link.tag: a message's size and tag (Paraver's SIZE and TAG;
-- Pajé's user fields Size/size and Tag/tag), NULL when the trace does not
-- give them, as for every trace loaded before this migration.
--
-- event.number: the value of an event that is a number, not a named value
-- (a Paraver value the .pcf does not label); value_id is then NULL. Traces
-- loaded before keep such values as value rows named by their number.
--
-- extra becomes jsonb, in all five tables: user fields declared as numbers
-- are JSON numbers, queried as extra->'Size' without a cast. The rows of
-- older traces keep their strings. jsonb orders keys and keeps one member
-- per name, where dumps need the fields in the order written, repeats too:
-- such rows get an "#order" member (src/model/extras_json.h explains it).
-- The ALTERs rewrite every partition, about 1 us a row (30 us for a row
-- with several fields out of jsonb's order, as Paraver links are).
ALTER TABLE link ADD COLUMN size BIGINT;
ALTER TABLE link ADD COLUMN tag BIGINT;

DROP VIEW event_view;
DROP VIEW link_view;

ALTER TABLE event ALTER COLUMN value_id DROP NOT NULL;
ALTER TABLE event ADD COLUMN number BIGINT;

-- The views that read extra must go while its type changes; they come back
-- as they were.
DROP VIEW container_view;
DROP VIEW state_view;
DROP VIEW variable_view;

-- An old row's text as jsonb, with "#order" when jsonb's order (shorter keys
-- first, then bytewise) is not the order written or a name repeats: the
-- first of each name is a member, the others [name, value] in "#order", as
-- tracedb now writes them.
CREATE FUNCTION pg_temp.extra_jsonb(extra text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  -- One member of text (Paraver's {"cpu":"1"}, most rows): nothing to order.
  IF extra ~ '^\{"([^"\\]|\\.)*":"([^"\\]|\\.)*"\}$' THEN
    RETURN extra::jsonb;
  END IF;
  RETURN (
    SELECT CASE WHEN in_order THEN whole ELSE members || jsonb_build_object('#order', sequence) END
    FROM (
      SELECT coalesce(jsonb_object_agg(key, value), '{}') AS whole,
             coalesce(jsonb_object_agg(key, value) FILTER (WHERE member), '{}') AS members,
             jsonb_agg(CASE WHEN member THEN to_jsonb(key) ELSE jsonb_build_array(key, value) END
                       ORDER BY n) AS sequence,
             coalesce(array_agg(key ORDER BY n)
                      = array_agg(key ORDER BY octet_length(key), convert_to(key, 'UTF8'))
                      AND count(DISTINCT key) = count(*), true) AS in_order
      FROM (
        SELECT key, value, n,
               key <> '#order' AND row_number() OVER (PARTITION BY key ORDER BY n) = 1 AS member
        FROM json_each(extra::json) WITH ORDINALITY AS field (key, value, n)
      ) AS fields
    ) AS object);
END
$$;
ALTER TABLE container ALTER COLUMN extra TYPE jsonb USING pg_temp.extra_jsonb(extra);
ALTER TABLE state ALTER COLUMN extra TYPE jsonb USING pg_temp.extra_jsonb(extra);
ALTER TABLE event ALTER COLUMN extra TYPE jsonb USING pg_temp.extra_jsonb(extra);
ALTER TABLE variable ALTER COLUMN extra TYPE jsonb USING pg_temp.extra_jsonb(extra);
ALTER TABLE link ALTER COLUMN extra TYPE jsonb USING pg_temp.extra_jsonb(extra);
DROP FUNCTION pg_temp.extra_jsonb(text);

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

CREATE VIEW variable_view AS
SELECT x.trace_id, x.container_id, CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS container,
       c.path AS container_path, x.type_id, t.name AS type,
       x.start_time, x.end_time, x.end_time - x.start_time AS duration, x.value, x.extra
FROM variable x
JOIN trace tr ON tr.id = x.trace_id AND tr.status = 'complete'
JOIN container c ON c.trace_id = x.trace_id AND c.id = x.container_id
JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id;

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

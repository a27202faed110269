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
-- with several fields out of jsonb's order, as Paraver links are). No view
-- reads extra while its type changes: the migrator drops the views before
-- the migrations and makes them again after (migrations/views.sql).
ALTER TABLE link ADD COLUMN size BIGINT;
ALTER TABLE link ADD COLUMN tag BIGINT;

ALTER TABLE event ALTER COLUMN value_id DROP NOT NULL;
ALTER TABLE event ADD COLUMN number BIGINT;

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

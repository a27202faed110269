-- 0009_partition_statistics (PostgreSQL): each trace's partitions keep the
-- statistics their load gathered. A load ends with an ANALYZE of the parent
-- tables, whose statistics the planner needs for joins; in PostgreSQL 15 that
-- analyzes every partition of every trace as well, so each load took longer
-- the more traces the archive held (0.6 s more per 100 MB trace). Loads now
-- set their partitions' statistics targets to 0 once they have analyzed them
-- (src/db/postgres/pg_partitions.h): a partition's rows never change, and the
-- parent's ANALYZE then samples 100 rows of it and leaves its statistics
-- alone. Here, the same for the partitions of the traces already there.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT a.attrelid::regclass AS partition,
                  string_agg(format('ALTER COLUMN %I SET STATISTICS 0', a.attname), ', ') AS columns
           FROM pg_attribute a
           JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
           JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'trace_part'
           WHERE a.attnum > 0 AND NOT a.attisdropped
           GROUP BY a.attrelid LOOP
    EXECUTE format('ALTER TABLE %s %s', t.partition, t.columns);
  END LOOP;
END $$;

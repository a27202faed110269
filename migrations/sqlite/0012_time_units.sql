-- 0012_time_units (SQLite): each trace records the unit of its times
-- (schema/schema.sql explains the column; keep
-- migrations/postgresql/0012_time_units.sql in step).
--
-- Times are stored as the trace wrote them, in this unit: Paraver's and
-- OTF2's are converted to seconds by their readers, a Pajé trace's are in
-- whatever its tracer used, which `ingest --time-unit` tells. Traces loaded
-- before this version get 's', the unit an ingest assumes unless told.
ALTER TABLE trace ADD COLUMN time_unit TEXT NOT NULL DEFAULT 's'
  CHECK (time_unit IN ('s', 'ms', 'us', 'ns'));

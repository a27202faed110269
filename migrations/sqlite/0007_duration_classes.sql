-- 0007_duration_classes (SQLite): states indexed by duration class, so that
-- a time window or an instant reads the states near it instead of every
-- state since the trace began. schema/schema.sql explains the columns; keep
-- migrations/postgresql/0007_duration_classes.sql in step.
--
-- A state's duration class is the k with 2^(k-1) <= duration < 2^k; -1022
-- for one shorter than 2^-1022 (zero included), 1025 for one whose end minus
-- start overflows. Within a class the durations are at most
-- state_duration.max_seconds, so the states that cover a time t start after
-- t minus that bound: one range of state_duration_time per class.
--
-- Loads compute the class exactly (frexp); here ln/ln(2) gives a guess that
-- can be one off next to a power of two, which power(2, k) corrects. (A
-- state whose end - start overflows a double stops this in PostgreSQL, as it
-- stops any query of it through state_view; SQLite gives it class 1025.) This
-- rewrites every state row and indexes them again: minutes for an archive
-- of many gigabytes.
ALTER TABLE state ADD COLUMN duration_class INTEGER;
UPDATE state SET duration_class = (
  SELECT CASE
    WHEN d < 2.2250738585072014e-308 THEN -1022    -- 2^-1022
    WHEN d > 1.7976931348623157e308 THEN 1025      -- overflowed (SQLite only)
    WHEN d >= 8.9884656743115795e307 THEN 1024     -- 2^1023
    WHEN d >= 4.4942328371557898e307 THEN 1023
    WHEN d < power(2, k - 1) THEN k - 1
    WHEN d >= power(2, k) THEN k + 1
    ELSE k
  END
  FROM (SELECT d, CASE WHEN d >= 2.2250738585072014e-308 AND d < 4.4942328371557898e307
                       THEN CAST(floor(ln(d) / ln(2)) AS INTEGER) + 1 END AS k
        FROM (SELECT end_time - start_time AS d) AS duration) AS guess);
CREATE INDEX state_duration_time ON state (trace_id, duration_class, start_time);

-- The states of each duration class: the bound the index search needs, and
-- a histogram of state durations. Loads compute it while the trace streams;
-- here, from the stored rows of complete traces.
CREATE TABLE state_duration (
  trace_id       INTEGER NOT NULL,
  duration_class INTEGER NOT NULL,
  count          INTEGER NOT NULL,
  min_seconds    REAL NOT NULL,
  max_seconds    REAL NOT NULL,
  seconds        REAL NOT NULL
);
CREATE INDEX state_duration_class ON state_duration (trace_id, duration_class);
INSERT INTO state_duration (trace_id, duration_class, count, min_seconds, max_seconds, seconds)
SELECT trace_id, duration_class, count(*), min(end_time - start_time), max(end_time - start_time),
       sum(end_time - start_time)
FROM state WHERE trace_id IN (SELECT id FROM trace WHERE status = 'complete')
GROUP BY trace_id, duration_class;

-- The planner's statistics of the new index and table: without them it may
-- read a trace's states whole rather than from state_duration. On about 1,000
-- rows of each index, as loads do (sqlite_staged_load.cc).
PRAGMA analysis_limit = 1000;
ANALYZE state;
ANALYZE state_duration;
PRAGMA analysis_limit = 0;

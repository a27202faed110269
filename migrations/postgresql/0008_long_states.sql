-- 0008_long_states (PostgreSQL): only the longest states in the duration-class
-- index. Indexing every state by (duration_class, start_time) cost a load
-- as much time as the state table itself; a window or instant query now
-- finds most states through the container index instead, each container's
-- from the window's start minus the longest of them, and only the few long
-- states (state.long_state = 1) through the classes. schema/schema.sql
-- explains the columns; keep migrations/sqlite/0008_long_states.sql in step.
--
-- A load marks a state long while the trace streams (summary/long_states.h):
-- its class is at least K, K the smallest class with at most max(64, 2% of
-- the states so far) states at or above it. Here each complete trace gets
-- the K of its whole histogram (state_duration), the same rule at the end
-- of its stream.
ALTER TABLE state ADD COLUMN long_state SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE state_duration ADD COLUMN short_max_seconds DOUBLE PRECISION;

CREATE TEMPORARY TABLE long_threshold AS
SELECT trace_id, min(duration_class) AS k
FROM (SELECT trace_id, duration_class,
             sum(count) OVER (PARTITION BY trace_id ORDER BY duration_class DESC) AS at_or_above,
             sum(count) OVER (PARTITION BY trace_id) AS states
      FROM state_duration) AS classes
WHERE at_or_above <= CASE WHEN states / 50 > 64 THEN states / 50 ELSE 64 END
GROUP BY trace_id;
-- The long states only are written (the added column's default is stored
-- once, not in every row).
UPDATE state AS s SET long_state = 1
FROM long_threshold t
WHERE s.trace_id = t.trace_id AND s.duration_class >= t.k;
UPDATE state_duration AS d SET short_max_seconds = max_seconds
WHERE NOT EXISTS (SELECT 1 FROM long_threshold t
                  WHERE t.trace_id = d.trace_id AND d.duration_class >= t.k);
DROP TABLE long_threshold;

DROP INDEX state_duration_time;
-- Without trace_id, as the other entity indexes (0003_partition_indexes).
CREATE INDEX state_long_time ON state (duration_class, start_time) WHERE long_state = 1;

-- The planner's statistics of the new column: each state partition is
-- sampled (ANALYZE of a partitioned table recurses).
ANALYZE state;
ANALYZE state_duration;

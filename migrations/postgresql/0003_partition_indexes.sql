-- 0003_partition_indexes (PostgreSQL 15): the indexes of the four entity
-- tables without trace_id. Each trace's rows are a partition of their own
-- (trace_part.T_N), so a query for a trace reads only its partitions, where
-- trace_id is the same in every row: in the index it only made each entry 8
-- bytes longer and each comparison of the sort that builds it (at every
-- ingest) slower; building them takes about a third less time without it.
-- The keys keep trace_id (a distributed engine shards by it); these indexes
-- are not keys.
--
-- SQLite holds all traces in one table, so its indexes keep trace_id first:
-- migrations/sqlite/0003_partition_indexes.sql changes nothing.
--
-- On an existing archive this rebuilds the four indexes of every trace, in
-- this migration's transaction.
DROP INDEX state_container_time;
CREATE INDEX state_container_time ON state (container_id, start_time);
DROP INDEX event_container_time;
CREATE INDEX event_container_time ON event (container_id, time);
DROP INDEX variable_container_time;
CREATE INDEX variable_container_time ON variable (container_id, start_time);
DROP INDEX link_container_time;
CREATE INDEX link_container_time ON link (container_id, start_time);

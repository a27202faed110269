-- 0011_call_paths (PostgreSQL): each state knows the state it is nested in,
-- and each trace has a call-path profile (schema/schema.sql explains the
-- columns; keep migrations/sqlite/0011_call_paths.sql in step).
--
-- state.parent_start: when the state below a nested state started (NULL at
-- depth 0). The stored rows of the traces loaded before this version cannot
-- tell it for sure (two states of one depth may start together), so it stays
-- NULL for them: `tracedb ingest --force FILE` loads such a trace again with
-- it. Their call_path rows are what `tracedb summarize --force` computes from
-- the stored states (summary/state_stacks.h); like every summary table,
-- call_path is partitioned by trace_id, and summarize makes the partition.
ALTER TABLE state ADD COLUMN parent_start DOUBLE PRECISION;

CREATE TABLE call_path (
  trace_id          BIGINT NOT NULL,
  path_id           BIGINT NOT NULL,
  parent_id         BIGINT,
  container_id      BIGINT NOT NULL,
  type_id           BIGINT NOT NULL,
  value_id          BIGINT,
  depth             BIGINT NOT NULL,
  count             BIGINT NOT NULL,
  inclusive_seconds DOUBLE PRECISION NOT NULL,
  exclusive_seconds DOUBLE PRECISION NOT NULL
) PARTITION BY LIST (trace_id);
CREATE INDEX call_path_container ON call_path (trace_id, container_id);

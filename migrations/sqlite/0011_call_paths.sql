-- 0011_call_paths (SQLite): each state knows the state it is nested in, and
-- each trace has a call-path profile (schema/schema.sql explains the columns;
-- keep migrations/postgresql/0011_call_paths.sql in step).
--
-- state.parent_start: when the state below a nested state started (NULL at
-- depth 0). The stored rows of the traces loaded before this version cannot
-- tell it for sure (two states of one depth may start together), so it stays
-- NULL for them: `tracedb ingest --force FILE` loads such a trace again with
-- it. Their call_path rows are what `tracedb summarize --force` computes from
-- the stored states (summary/state_stacks.h).
ALTER TABLE state ADD COLUMN parent_start REAL;

CREATE TABLE call_path (
  trace_id          INTEGER NOT NULL,
  path_id           INTEGER NOT NULL,
  parent_id         INTEGER,
  container_id      INTEGER NOT NULL,
  type_id           INTEGER NOT NULL,
  value_id          INTEGER,
  depth             INTEGER NOT NULL,
  count             INTEGER NOT NULL,
  inclusive_seconds REAL NOT NULL,
  exclusive_seconds REAL NOT NULL
);
CREATE INDEX call_path_container ON call_path (trace_id, container_id);

-- The tracedb schema as it stands after every migration, in the SQLite
-- dialect, with what each table and column means; its views are in
-- migrations/views.sql (see the end of this file). This file is for
-- reading; the database is built from migrations/<dialect>/NNNN_name.sql
-- and migrations/views.sql, and a test (SchemaDoc in
-- tests/db/schema_views_test.cc) checks that this file and views.sql declare
-- the same tables, columns, indexes and views. PostgreSQL differs in types
-- (BIGINT for INTEGER, DOUBLE PRECISION for REAL, an identity for trace.id,
-- jsonb for the five extra columns) and in storage: each entity table is
-- partitioned by trace_id, trace N's rows in trace_part.<table>_N, so a load
-- builds its indexes in one sort and a delete drops tables; there the four
-- entity indexes leave out trace_id (container_id, start_time | time), the
-- partition being the trace (0003_partition_indexes). Queries name the
-- parent tables and views as here.
--
-- Conventions
--   * Every table but trace has trace_id, first in its key: one database
--     holds many traces, and deleting one is a DELETE per table (SQLite)
--     or a DROP of its partitions (PostgreSQL).
--   * Ids inside a trace (type, value, container) are the loader's, dense
--     from 0; id 0 is the root type and the root container, both named '0'.
--   * Times are REAL, from the trace's origin. Pajé times are in the trace's
--     own unit, as written (often seconds, but a tracer may write ns or
--     cycles); Paraver times are seconds (raw ticks * seconds_per_tick, see
--     trace.metadata).
--   * extra columns hold a JSON object of the user-defined fields a trace
--     declared for that entity, NULL if none: {"Size": 4096, "Mark": "a"}.
--     A field declared as a number (Pajé's int, double, float and date;
--     every Paraver field) is a JSON number when its text, as written, is
--     -?(0|[1-9][0-9]*)(\.[0-9]+)?, up to 1000 characters, and not a
--     negative zero: the numbers both databases give back byte for byte
--     (PostgreSQL rewrites 1e2 as 100 and -0.0 as 0.0). Any other text, and
--     every hex, string and color field, is a JSON string. So
--     json_extract(extra, '$.Size') is an INTEGER (SQLite) and extra->'Size'
--     a jsonb number (PostgreSQL). Traces loaded before 0006_typed_data keep
--     strings. The fields come back in the order written, repeats too
--     (tracedb dump --db): SQLite's text keeps them; PostgreSQL's jsonb
--     orders keys (shorter first) and keeps one member per name, the first
--     written, so a row whose fields are in another order, or repeat a name,
--     also has a member "#order": the names in order, [name, value] for a
--     repeat, e.g. {"size": 4096, "lsend": 0.5, "#order": ["lsend", "size"]}.
--   * Text from a trace (names, values, user fields, labels, metadata) is
--     UTF-8: the bytes of a trace that are not are read as Latin-1 (README).
--   * No FOREIGN KEY clauses: rows arrive in simulation order (a state can be
--     written before its container closes); the references are listed here.

-- Applied migrations; written by the migrator, never by a migration.
CREATE TABLE schema_version (
  version    INTEGER PRIMARY KEY,  -- NNNN of migrations/<dialect>/NNNN_name.sql
  name       TEXT NOT NULL,        -- the name part of that file name
  applied_at TEXT NOT NULL         -- UTC, ISO-8601: 2026-11-23T10:00:00Z
);

-- The views' definition the database has: one row, written by the migrator
-- with the views (migrations/views.sql). A tracedb whose views.sql has
-- another digest makes the views again when it opens the database.
CREATE TABLE schema_views (
  digest     TEXT NOT NULL,  -- SHA-256 of views.sql as applied, lowercase hex
  applied_at TEXT NOT NULL   -- UTC, ISO-8601
);

-- One row per load of a trace file. Rows appear with status 'loading' when a
-- load begins and become 'complete' or 'failed'; the views
-- (migrations/views.sql) show complete traces only. `tracedb delete` of a
-- big trace first sets it 'deleting' (hidden at once), then removes its rows
-- table by table and the row itself last.
CREATE TABLE trace (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused after a delete
  name            TEXT NOT NULL,     -- what users call it (default: file name); not unique
  path            TEXT NOT NULL,     -- the file as given to tracedb; '-' for stdin
  format          TEXT NOT NULL,     -- 'paje' or 'paraver'
  size_bytes      INTEGER,           -- of the file on disk; NULL when unknown (a pipe)
  sha256          TEXT NOT NULL,     -- lowercase hex of the bytes read; finds re-loads
  comment         TEXT,              -- the user's note
  ingested_at     TEXT NOT NULL,     -- UTC, ISO-8601, when the load began
  tool_version    TEXT NOT NULL,     -- tracedb version that loaded it
  status          TEXT NOT NULL CHECK (status IN ('loading', 'complete', 'failed', 'deleting')),
  error           TEXT,              -- why a failed load failed ("FILE:LINE: problem")
  loader_host     TEXT,              -- host and process that loaded it (a 'loading' row whose
  loader_pid      INTEGER,           --   process is gone was interrupted), or that removes
                                     --   a 'deleting' trace's rows (gone: any delete goes on)
  start_time      REAL,              -- from the first event to the last; set when complete
  end_time        REAL,
  container_count INTEGER,           -- rows loaded per table; set when complete
  state_count     INTEGER,
  event_count     INTEGER,
  variable_count  INTEGER,
  link_count      INTEGER,
  metadata        TEXT,              -- JSON object of format-specific header facts
  skipped_lines   INTEGER NOT NULL DEFAULT 0,  -- bad lines a lenient load (--on-error skip)
                                     --   left out; 0 for a strict load; set when complete
  skipped_errors  TEXT,              -- the first 10 of them, "FILE:LINE: problem" each on a
                                     --   line of its own; NULL when none was skipped
  tags            TEXT,              -- the user's tags (ingest --tag KEY=VALUE), a JSON object
                                     --   of strings, keys sorted; NULL when none
  profile_bins    INTEGER,           -- the bins state_profile was asked for (ingest
                                     --   --profile-bins); NULL: the load made no summaries
                                     --   (loaded before schema 5: tracedb summarize)
  time_unit       TEXT NOT NULL DEFAULT 's' CHECK (time_unit IN ('s', 'ms', 'us', 'ns'))
                                     -- the unit of every time of the trace, in every table
                                     --   (the *_seconds columns too): 's' for Paraver and
                                     --   OTF2, which their readers convert; a Pajé trace's
                                     --   own, as ingest --time-unit said (default 's')
);
CREATE INDEX trace_sha256 ON trace (sha256);

-- The type hierarchy: container types nest; every other type belongs to the
-- container type whose containers carry its entities.
CREATE TABLE type (
  trace_id      INTEGER NOT NULL,  -- -> trace.id
  id            INTEGER NOT NULL,
  parent_id     INTEGER,           -- -> type.id (same trace); NULL for the root type 0
  kind          TEXT NOT NULL CHECK (kind IN ('container', 'state', 'event', 'variable', 'link')),
  name          TEXT NOT NULL,     -- display name
  alias         TEXT,              -- the trace's short identifier, NULL if it gave none
  start_type_id INTEGER,           -- link types: -> type.id of the start containers
  end_type_id   INTEGER,           -- link types: -> type.id of the end containers
  PRIMARY KEY (trace_id, id)
);

-- The named values of state, event and link types. A Paraver state with no
-- .pcf label is named by its number, and so is a link's tag and an event
-- value beyond 64-bit integers (other unlabelled event values are
-- event.number); such a tag or event value may have more than one row (same
-- type_id and name, another id) when it recurs far apart in the trace, since
-- the loader remembers only the numbers in use lately.
CREATE TABLE value (
  trace_id INTEGER NOT NULL,  -- -> trace.id
  id       INTEGER NOT NULL,
  type_id  INTEGER NOT NULL,  -- -> type.id, the type this value belongs to
  name     TEXT NOT NULL,     -- display name
  alias    TEXT,              -- the trace's short identifier, NULL if none
  color    TEXT,              -- as the trace wrote it (Pajé: "r g b" in 0..1), NULL if none
  PRIMARY KEY (trace_id, id)
);

-- The container tree (nodes, processes, threads...). Root: id 0, name '0'; it
-- is the trace's frame, not a container of the program: container_view
-- leaves it out, and the other views show what is drawn in it (links,
-- mostly) with container_id 0 and a NULL container and path.
CREATE TABLE container (
  trace_id   INTEGER NOT NULL,  -- -> trace.id
  id         INTEGER NOT NULL,
  parent_id  INTEGER,           -- -> container.id; NULL for the root
  type_id    INTEGER NOT NULL,  -- -> type.id, a container type
  name       TEXT NOT NULL,     -- display name; not unique (thread1 under each node)
  alias      TEXT,              -- the trace's short identifier, NULL if none
  start_time REAL NOT NULL,     -- created
  end_time   REAL NOT NULL,     -- destroyed, or the end of the trace
  extra      TEXT,              -- user-defined fields, JSON object
  path       TEXT,              -- the names from the root's child down, joined with '/':
                                --   'node1/thread 1', unique in practice where names are not;
                                --   NULL for the root, and past 4,096 characters
  PRIMARY KEY (trace_id, id)
);

-- The four high-volume tables have no key of their own (rowid tables; no
-- primary key in PostgreSQL) and one index: a container's entities in time.

-- Intervals of a state type in a container; nested states stack up.
CREATE TABLE state (
  trace_id     INTEGER NOT NULL,  -- -> trace.id
  container_id INTEGER NOT NULL,  -- -> container.id
  type_id      INTEGER NOT NULL,  -- -> type.id, a state type
  value_id     INTEGER NOT NULL,  -- -> value.id
  start_time   REAL NOT NULL,
  end_time     REAL NOT NULL,
  depth        INTEGER NOT NULL,  -- 0 for a bottom state, 1 for one pushed on it...
  extra        TEXT,              -- user-defined fields, JSON object
  duration_class INTEGER,         -- k with 2^(k-1) <= end_time - start_time < 2^k; -1022
                                  --   below 2^-1022 (zero included), 1025 if it overflows;
                                  --   never NULL (a column added by 0007)
  long_state INTEGER NOT NULL DEFAULT 0,
                                  -- 1 for the few longest states of the trace, 0 for the
                                  --   others (SMALLINT in PostgreSQL): its class is at least
                                  --   K, K the smallest class with at most max(64, 2% of the
                                  --   states so far) at or above it, as the trace streamed
                                  --   (a state once long stays long; 0008 took the whole
                                  --   trace's histogram for the traces before it)
  parent_start REAL               -- the start_time of the state this one is nested in: the
                                  --   one of the same container and type at depth - 1
                                  --   that started then; NULL at depth 0, and for the
                                  --   traces loaded before 0011 (ingest --force adds it)
);
CREATE INDEX state_container_time ON state (trace_id, container_id, start_time);
-- Time windows and instants (README, queries 8 and 9). The states that cover
-- time t start after t minus their duration: for the states with
-- long_state = 0, at most the trace's max(state_duration.short_max_seconds),
-- a short range of state_container_time per container; for the long ones, at
-- most their class's state_duration.max_seconds, one range of this index per
-- class. Only the long states are in it: indexing every state cost a load as
-- much as the table itself.
CREATE INDEX state_long_time ON state (trace_id, duration_class, start_time) WHERE long_state = 1;

-- Points in time. An event's value is a named value (value_id) or a number
-- (number): a Paraver value that the .pcf does not label (hardware counters,
-- byte counts, addresses), which can be averaged and compared. Exactly one
-- of the two is set; a number beyond 64-bit integers (a counter that wraps
-- at 2^64) is a value row named by it. Traces loaded before
-- 0006_typed_data have value rows for every value.
CREATE TABLE event (
  trace_id     INTEGER NOT NULL,  -- -> trace.id
  container_id INTEGER NOT NULL,  -- -> container.id
  type_id      INTEGER NOT NULL,  -- -> type.id, an event type
  value_id     INTEGER,           -- -> value.id; NULL when the value is a number
  time         REAL NOT NULL,
  extra        TEXT,              -- user-defined fields, JSON object
  number       INTEGER            -- the value when it is a number, else NULL
);
CREATE INDEX event_container_time ON event (trace_id, container_id, time);

-- Piecewise-constant numeric values: one row per interval of a constant value.
CREATE TABLE variable (
  trace_id     INTEGER NOT NULL,  -- -> trace.id
  container_id INTEGER NOT NULL,  -- -> container.id
  type_id      INTEGER NOT NULL,  -- -> type.id, a variable type
  start_time   REAL NOT NULL,
  end_time     REAL NOT NULL,
  value        REAL NOT NULL,     -- the value over [start_time, end_time)
  extra        TEXT               -- user-defined fields, JSON object
);
CREATE INDEX variable_container_time ON variable (trace_id, container_id, start_time);

-- Arrows from one container to another (messages), drawn in a common ancestor.
CREATE TABLE link (
  trace_id           INTEGER NOT NULL,  -- -> trace.id
  container_id       INTEGER NOT NULL,  -- -> container.id, where the link is drawn
  type_id            INTEGER NOT NULL,  -- -> type.id, a link type
  value_id           INTEGER NOT NULL,  -- -> value.id
  key                TEXT,              -- matches the two halves (Pajé); NULL if none
  start_container_id INTEGER,           -- -> container.id; NULL if that half never came
  end_container_id   INTEGER,           -- -> container.id; NULL if that half never came
  start_time         REAL,              -- NULL with its missing half
  end_time           REAL,
  extra              TEXT,              -- user-defined fields, JSON object
  size               INTEGER,           -- the message's size and tag, NULL when the trace
  tag                INTEGER            --   does not give them: Paraver's SIZE and TAG; in
                                        --   Pajé the first user field named Size or size
                                        --   (Tag or tag) whose text is an integer (-?[0-9]+,
                                        --   64 bits), the start half's before the end's
);
CREATE INDEX link_container_time ON link (trace_id, container_id, start_time);

-- Summaries: computed by each load while the trace streams through the
-- simulator (src/summary/), stored in the same atomic load, one row per
-- (container, type, value) rather than per entity. Times are in the trace's
-- unit, like start_time and end_time.

-- Per container, state type and value.
CREATE TABLE state_summary (
  trace_id          INTEGER NOT NULL,  -- -> trace.id
  container_id      INTEGER NOT NULL,  -- -> container.id
  type_id           INTEGER NOT NULL,  -- -> type.id, a state type
  value_id          INTEGER NOT NULL,  -- -> value.id
  count             INTEGER NOT NULL,  -- states
  inclusive_seconds REAL NOT NULL,     -- sum of their durations
  exclusive_seconds REAL NOT NULL,     -- the same minus the durations of the states
                                       --   pushed directly on them (same container, type)
  min_seconds       REAL NOT NULL,     -- shortest and longest duration
  max_seconds       REAL NOT NULL
);
CREATE INDEX state_summary_container ON state_summary (trace_id, container_id);

-- Per container, event type and value.
CREATE TABLE event_summary (
  trace_id     INTEGER NOT NULL,  -- -> trace.id
  container_id INTEGER NOT NULL,  -- -> container.id
  type_id      INTEGER NOT NULL,  -- -> type.id, an event type
  value_id     INTEGER,           -- -> value.id
  count        INTEGER NOT NULL   -- events
);
CREATE INDEX event_summary_container ON event_summary (trace_id, container_id);

-- Per container and variable type.
CREATE TABLE variable_summary (
  trace_id           INTEGER NOT NULL,  -- -> trace.id
  container_id       INTEGER NOT NULL,  -- -> container.id
  type_id            INTEGER NOT NULL,  -- -> type.id, a variable type
  count              INTEGER NOT NULL,  -- intervals (variable rows)
  min                REAL NOT NULL,     -- of their values
  max                REAL NOT NULL,
  time_weighted_mean REAL,              -- sum(value * duration) / sum(duration); NULL
                                        --   when every interval is empty
  start_time         REAL NOT NULL,     -- of the first interval
  end_time           REAL NOT NULL      -- of the last
);
CREATE INDEX variable_summary_container ON variable_summary (trace_id, container_id);

-- The communication matrix: per link type, start and end container.
CREATE TABLE link_summary (
  trace_id           INTEGER NOT NULL,  -- -> trace.id
  type_id            INTEGER NOT NULL,  -- -> type.id, a link type
  start_container_id INTEGER,           -- -> container.id; NULL: that half never came
  end_container_id   INTEGER,
  messages           INTEGER NOT NULL,  -- links
  bytes              INTEGER,           -- sum of their sizes; NULL when none has one
  seconds            REAL               -- sum of their durations; NULL with a missing half
);
CREATE INDEX link_summary_containers ON link_summary (trace_id, start_container_id, end_container_id);
-- The busiest pairs first without sorting the matrix, which has as many rows as
-- pairs of containers that talk (1.8 million in the 1 GB bench trace).
CREATE INDEX link_summary_messages ON link_summary (trace_id, messages);

-- Utilisation over time: the exclusive time of each state type and value,
-- summed over all containers, in equal time bins. Their width is a power of
-- two (of the trace's unit) such that the trace's states span at most
-- trace.profile_bins bins (half as many at least); bin 0 is the first with
-- time in it. Only bins with time are stored. seconds / (bin_end -
-- bin_start) is the average number of containers in that value.
CREATE TABLE state_profile (
  trace_id  INTEGER NOT NULL,  -- -> trace.id
  type_id   INTEGER NOT NULL,  -- -> type.id, a state type
  value_id  INTEGER NOT NULL,  -- -> value.id
  bin       INTEGER NOT NULL,  -- 0, 1, ...
  bin_start REAL NOT NULL,     -- [bin_start, bin_end)
  bin_end   REAL NOT NULL,
  seconds   REAL NOT NULL      -- exclusive time of the value's states within the bin
);
CREATE INDEX state_profile_bin ON state_profile (trace_id, bin);

-- The states of each duration class (state.duration_class): how many, the
-- shortest and longest, their total. A histogram of state durations, and
-- the bounds that time-window and instant queries give their index searches.
CREATE TABLE state_duration (
  trace_id       INTEGER NOT NULL,  -- -> trace.id
  duration_class INTEGER NOT NULL,  -- as state.duration_class
  count          INTEGER NOT NULL,
  min_seconds    REAL NOT NULL,
  max_seconds    REAL NOT NULL,
  seconds        REAL NOT NULL,     -- their total duration
  short_max_seconds REAL            -- the longest of them with long_state = 0; NULL if none
);
CREATE INDEX state_duration_class ON state_duration (trace_id, duration_class);

-- The call-path profile: per container and state type, each distinct path
-- of nested values from a bottom state up (the state's value, the value it
-- was pushed on, and so on down), with its states' totals. Past 128 paths
-- in a container, every new path and all above it go to the (container,
-- type)'s one "(other paths)" row (value_id NULL, parent_id NULL, depth 0).
-- `tracedb profile --tree` merges the containers' paths into one tree.
CREATE TABLE call_path (
  trace_id          INTEGER NOT NULL,  -- -> trace.id
  path_id           INTEGER NOT NULL,  -- unique within the trace
  parent_id         INTEGER,           -- -> call_path.path_id of the path below; NULL at depth 0
  container_id      INTEGER NOT NULL,  -- -> container.id
  type_id           INTEGER NOT NULL,  -- -> type.id, a state type
  value_id          INTEGER,           -- -> value.id, the path's last value; NULL: other paths
  depth             INTEGER NOT NULL,  -- as state.depth
  count             INTEGER NOT NULL,  -- states
  inclusive_seconds REAL NOT NULL,     -- sum of their durations
  exclusive_seconds REAL NOT NULL      -- the same minus those of the states pushed on them
);
CREATE INDEX call_path_container ON call_path (trace_id, container_id);

-- The views are in migrations/views.sql, not here: that file is their one
-- definition, which the migrator applies after the migrations, and which
-- `tracedb schema --documented` prints after this file.

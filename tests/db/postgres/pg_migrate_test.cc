// MigratePostgres on an archive made by an older tracedb: its traces keep
// their rows and get the new schema's indexes.
#include "db/postgres/pg_migrate.h"

#include <gtest/gtest.h>

#include <array>

#include "db/migration_list.h"
#include "db/postgres/pg_partitions.h"
#include "support/backend_support.h"

namespace tracedb::testing::pg_migrate_test {
namespace {

// The partitioned tables of schema version 2.
constexpr std::array<const char*, 7> kVersionTwoTables = {
    "type", "value", "container", "state", "event", "variable", "link"};

// An archive at schema version 2 holding trace 1 with one state, as the
// tracedb of that version left it.
void MakeVersionTwoArchive(TestDatabase& db) {
  for (const Migration& migration : PostgresMigrations().first(2)) {
    db.Exec(std::string(migration.sql));
  }
  db.Exec(
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
      " applied_at TEXT NOT NULL);"
      "INSERT INTO schema_version VALUES (1, 'initial', '2026-01-01T00:00:00Z'),"
      " (2, 'skipped_lines', '2026-01-01T00:00:00Z');"
      "INSERT INTO trace (id, name, path, format, sha256, ingested_at, tool_version, status)"
      " VALUES (1, 'old', '/old.paje', 'paje', 'ab', '2026-01-01T00:00:00Z', '0.1.0',"
      " 'complete')");
  db.Exec(db.Rows(PartitionDefinitionsQuery(1, kVersionTwoTables))[0]);
  db.Exec(
      "INSERT INTO trace_part.type_1 VALUES (1, 0, NULL, 'container', '0', NULL, NULL, NULL),"
      " (1, 1, 0, 'container', 'P', NULL, NULL, NULL), (1, 2, 1, 'state', 'S', NULL, NULL, NULL);"
      "INSERT INTO trace_part.value_1 VALUES (1, 0, 2, 'run', NULL, NULL);"
      "INSERT INTO trace_part.container_1 VALUES (1, 0, NULL, 0, '0', NULL, 0, 2, NULL),"
      " (1, 5, 0, 1, 'p5', NULL, 0, 2, NULL);"
      "INSERT INTO trace_part.state_1 VALUES (1, 5, 2, 0, 0.5, 1.5, 0, NULL);" +
      AttachPartitionsSql(1, kVersionTwoTables));
}

TEST(PgMigrate, OldTracesGetIndexesWithoutTraceIdAndKeepTheirRows) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase db(Backend::kPostgres, "pg_upgrade");
  MakeVersionTwoArchive(db);
  ASSERT_EQ(db.Rows("SELECT indexdef FROM pg_indexes WHERE tablename = 'state_1'"),
            std::vector<std::string>{
                "CREATE INDEX state_1_trace_id_container_id_start_time_idx ON trace_part.state_1"
                " USING btree (trace_id, container_id, start_time)"});

  PgConnection connection(db.url());
  MigratePostgres(connection);

  EXPECT_EQ(db.Rows("SELECT version, name FROM schema_version ORDER BY version"),
            (std::vector<std::string>{
                "1|initial", "2|skipped_lines", "3|partition_indexes", "4|trace_tags",
                "5|summaries", "6|typed_data", "7|duration_classes", "8|long_states",
                "9|partition_statistics", "10|deleting_status", "11|call_paths", "12|time_units"}));
  EXPECT_EQ(db.Rows("SELECT name, tags FROM trace"), std::vector<std::string>{"old|NULL"});
  EXPECT_EQ(db.Rows("SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'trace_part'"
                    " AND indexdef NOT LIKE '%UNIQUE%' ORDER BY tablename"),
            (std::vector<std::string>{
                "event_1|CREATE INDEX event_1_container_id_time_idx ON trace_part.event_1"
                " USING btree (container_id, \"time\")",
                "link_1|CREATE INDEX link_1_container_id_start_time_idx ON trace_part.link_1"
                " USING btree (container_id, start_time)",
                "state_1|CREATE INDEX state_1_container_id_start_time_idx ON trace_part.state_1"
                " USING btree (container_id, start_time)",
                "state_1|CREATE INDEX state_1_duration_class_start_time_idx ON trace_part.state_1"
                " USING btree (duration_class, start_time) WHERE (long_state = 1)",
                "state_duration_1|CREATE INDEX state_duration_1_trace_id_duration_class_idx ON"
                " trace_part.state_duration_1 USING btree (trace_id, duration_class)",
                "variable_1|CREATE INDEX variable_1_container_id_start_time_idx ON "
                "trace_part.variable_1 USING btree (container_id, start_time)"}));
  EXPECT_EQ(db.Rows("SELECT trace_id, container, container_path, type, value, start_time,"
                    " end_time FROM state_view"),
            std::vector<std::string>{"1|p5|p5|S|run|0.5|1.5"});
  // A duration of exactly 2^0, where ln/ln(2) alone could be one class off.
  EXPECT_EQ(db.Rows("SELECT duration_class FROM state"), std::vector<std::string>{"1"});
  // One state: long (the 64 first are), so none is left for short_max_seconds.
  EXPECT_EQ(db.Rows("SELECT long_state FROM state"), std::vector<std::string>{"1"});
  EXPECT_EQ(db.Rows("SELECT * FROM state_duration"),
            std::vector<std::string>{"1|1|1|1.0|1.0|1.0|NULL"});
  // No summaries yet: `tracedb summarize` computes them.
  EXPECT_EQ(db.Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"NULL"});
}

// A trace's rows of a container, in time: one partition, read through its
// index on (container_id, start_time).
TEST(PgMigrate, ATracesContainerIsReadThroughItsPartitionsIndex) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase db(Backend::kPostgres, "pg_plan");
  MakeVersionTwoArchive(db);
  PgConnection connection(db.url());
  MigratePostgres(connection);
  db.Exec("ANALYZE");
  std::vector<std::string> plan = db.Rows(
      "SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT start_time FROM state"
      " WHERE trace_id = 1 AND container_id = 5 ORDER BY start_time");
  ASSERT_FALSE(plan.empty());
  EXPECT_EQ(plan[0], "Index Scan using state_1_container_id_start_time_idx on state_1 state")
      << ::testing::PrintToString(plan);
}

}  // namespace
}  // namespace tracedb::testing::pg_migrate_test

// 0006_typed_data on an archive a tracedb of schema version 4 made, on both
// backends: its rows stay (SQLite's event table is rebuilt under the same
// rowids, with its index), the new columns are NULL, PostgreSQL's extra
// becomes jsonb that keeps the fields' order, and dump --db prints the
// same lines as before.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::typed_data_migration_test {
namespace {

// The partitioned tables of schema version 4.
constexpr const char* kOldTrace =
    "INSERT INTO trace (id, name, path, format, sha256, ingested_at, tool_version, status)"
    " VALUES (1, 'old', '/old.paje', 'paje', 'ab', '2026-01-01T00:00:00Z', '0.1.0', 'complete')";

// The rows of a small trace as version 4 stored them: every user field a
// string; an event and a link whose fields are not in jsonb's key order,
// the link's with a repeated name (its two halves' Size).
constexpr const char* kOldRows = R"sql(
INSERT INTO type VALUES
  (1, 0, NULL, 'container', '0', NULL, NULL, NULL), (1, 1, 0, 'container', 'Thread', NULL, NULL, NULL),
  (1, 2, 1, 'state', 'State', NULL, NULL, NULL), (1, 3, 1, 'event', 'Mark', NULL, NULL, NULL),
  (1, 4, 0, 'link', 'Msg', NULL, 1, 1);
INSERT INTO value VALUES (1, 0, 2, 'run', NULL, NULL), (1, 1, 3, 'tick', NULL, NULL),
  (1, 2, 4, 'm', NULL, NULL);
INSERT INTO container VALUES (1, 0, NULL, 0, '0', NULL, 0, 2, NULL),
  (1, 1, 0, 1, 't1', NULL, 0, 2, NULL), (1, 2, 0, 1, 't2', NULL, 0, 2, NULL);
INSERT INTO state VALUES (1, 1, 2, 0, 0.5, 1.5, 0, '{"Where":"a.c:1"}');
INSERT INTO event VALUES (1, 2, 3, 1, 0.7, NULL);
INSERT INTO event VALUES (1, 1, 3, 1, 1.0, '{"Size":"8","Note":"x"}');
INSERT INTO event VALUES (1, 2, 3, 1, 1.5, '{"cpu":"3"}');
INSERT INTO link VALUES (1, 0, 4, 2, 'k1', 1, 2, 1.0, 2.0, '{"Size":"4096","Tag":"a","Size":"2"}');
)sql";

const std::vector<std::string> kDump = {
    "Container, 0, 0, 0, 2, 2, 0",
    "Container, 0, Thread, 0, 2, 2, t1",
    "Container, 0, Thread, 0, 2, 2, t2",
    "Event, t1, Mark, 1.000000, tick, 8, x",
    "Event, t2, Mark, 0.700000, tick",
    "Event, t2, Mark, 1.500000, tick, 3",
    "Link, 0, Msg, 1.000000, 2.000000, 1.000000, m, t1, t2, k1, 4096, a, 2",
    "State, t1, State, 0.500000, 1.500000, 1.000000, 0.000000, run, a.c:1",
};

class TypedDataMigration : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "upgrade_typed");
    MakeVersionFourArchive(*database_, kOldTrace, kOldRows);
  }

  bool sqlite() const { return GetParam() == Backend::kSqlite; }

  // tracedb migrates the archive it opens for writing.
  void Upgrade() {
    CliRun run = Tracedb("list --db '" + database_->url() + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  std::unique_ptr<TestDatabase> database_;
};

TEST_P(TypedDataMigration, OldRowsStayAndTheNewColumnsAreNull) {
  Upgrade();
  EXPECT_EQ(database_->Rows("SELECT version, name FROM schema_version WHERE version = 6"),
            std::vector<std::string>{"6|typed_data"});
  EXPECT_EQ(database_->Rows("SELECT container_id, type_id, value_id, time, number FROM event"
                            " ORDER BY time"),
            (std::vector<std::string>{"2|3|1|0.7|NULL", "1|3|1|1.0|NULL", "2|3|1|1.5|NULL"}));
  EXPECT_EQ(database_->Rows("SELECT key, size, tag FROM link_view"),
            std::vector<std::string>{"k1|NULL|NULL"});
  EXPECT_EQ(database_->Rows("SELECT container, value, number, time FROM event_view ORDER BY time"),
            (std::vector<std::string>{"t2|tick|NULL|0.7", "t1|tick|NULL|1.0", "t2|tick|NULL|1.5"}));
}

TEST_P(TypedDataMigration, DumpPrintsTheSameLinesAfterTheUpgrade) {
  Upgrade();
  CliRun dump = Tracedb("dump -u --db '" + database_->url() + "' old");
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(SortedLines(dump.out), kDump);
}

// Old rows keep their strings; in PostgreSQL as jsonb whose "#order" keeps
// the order and the repeat that dumps need.
TEST_P(TypedDataMigration, OldExtrasKeepTheirStringsAndTheirOrder) {
  Upgrade();
  if (sqlite()) {
    EXPECT_EQ(database_->Rows("SELECT extra FROM link"),
              std::vector<std::string>{R"({"Size":"4096","Tag":"a","Size":"2"})"});
    EXPECT_EQ(database_->Rows("SELECT json_type(extra, '$.Size') FROM event WHERE time = 1"),
              std::vector<std::string>{"text"});
    return;
  }
  EXPECT_EQ(
      database_->Rows("SELECT extra FROM event ORDER BY time"),
      (std::vector<std::string>{"NULL", R"({"Note": "x", "Size": "8", "#order": ["Size", "Note"]})",
                                R"({"cpu": "3"})"}));
  EXPECT_EQ(database_->Rows("SELECT extra FROM link"),
            std::vector<std::string>{
                R"({"Tag": "a", "Size": "4096", "#order": ["Size", "Tag", ["Size", "2"]]})"});
  EXPECT_EQ(
      database_->Rows("SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
                      " WHERE attname = 'extra' AND attrelid = 'trace_part.state_1'::regclass"),
      std::vector<std::string>{"jsonb"});
}

// SQLite rebuilt the event table: same rowids, the index back, value_id
// nullable. PostgreSQL altered it in place, its partition's index intact.
TEST_P(TypedDataMigration, TheEventTableKeepsItsOrderAndIndexAndTakesNumbers) {
  Upgrade();
  if (sqlite()) {
    EXPECT_EQ(database_->Rows("SELECT rowid, time FROM event ORDER BY rowid"),
              (std::vector<std::string>{"1|0.7", "2|1.0", "3|1.5"}));
    EXPECT_EQ(database_->Rows("SELECT sql FROM sqlite_master WHERE name = 'event_container_time'"),
              std::vector<std::string>{
                  "CREATE INDEX event_container_time ON event (trace_id, container_id, time)"});
    EXPECT_EQ(database_->Rows("SELECT count(*) FROM sqlite_master WHERE name = 'event_old'"),
              std::vector<std::string>{"0"});
  } else {
    EXPECT_EQ(database_->Rows("SELECT indexdef FROM pg_indexes WHERE tablename = 'event_1'"),
              std::vector<std::string>{"CREATE INDEX event_1_container_id_time_idx ON "
                                       "trace_part.event_1 USING btree (container_id, \"time\")"});
  }
  database_->Exec(
      "INSERT INTO event (trace_id, container_id, type_id, value_id, time, number)"
      " VALUES (1, 1, 3, NULL, 1.8, 42)");
  EXPECT_EQ(database_->Rows("SELECT value, number FROM event_view WHERE time = 1.8"),
            std::vector<std::string>{"NULL|42"});
}

INSTANTIATE_TEST_SUITE_P(Backends, TypedDataMigration,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::typed_data_migration_test

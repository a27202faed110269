// 0010_deleting_status on an archive of schema version 9, on both backends:
// the trace rows stay as they were, a trace may now be 'deleting' (and still
// no other word), and SQLite's rebuilt trace table keeps its id counter, so
// an id is still never reused after a delete, and the views read it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::deleting_status_migration_test {
namespace {

// Traces 1 and 3 of an archive whose traces 2, 4 and 5 were deleted.
constexpr const char* kOldTraces =
    "INSERT INTO trace (id, name, path, format, sha256, ingested_at, tool_version, status,"
    " error, loader_host, loader_pid, state_count, tags) VALUES"
    " (1, 'one', '/one.paje', 'paje', 'ab', '2026-01-01T00:00:00Z', '0.1.0', 'complete',"
    " NULL, 'h', 7, 12, '{\"run\":\"1\"}'),"
    " (3, 'three', '/three.prv', 'paraver', 'cd', '2026-01-02T00:00:00Z', '0.1.0', 'failed',"
    " 'three.prv:4: bad', 'h', 8, NULL, NULL)";

constexpr const char* kTraceRows =
    "SELECT id, name, path, format, sha256, ingested_at, tool_version, status, error,"
    " loader_host, loader_pid, state_count, tags FROM trace ORDER BY id";

class DeletingStatusMigration : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "upgrade_deleting");
    std::string sql = kOldTraces;
    if (sqlite()) sql += "; UPDATE sqlite_sequence SET seq = 5 WHERE name = 'trace'";
    MakeArchiveAtVersion(*database_, 9, sql);
    before_ = database_->Rows(kTraceRows);
    CliRun run = Tracedb("list --db '" + database_->url() + "'");  // migrates
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  bool sqlite() const { return GetParam() == Backend::kSqlite; }

  std::unique_ptr<TestDatabase> database_;
  std::vector<std::string> before_;
};

TEST_P(DeletingStatusMigration, TheTraceRowsStayAsTheyWere) {
  EXPECT_EQ(database_->Rows("SELECT version, name FROM schema_version WHERE version = 10"),
            std::vector<std::string>{"10|deleting_status"});
  EXPECT_EQ(database_->Rows(kTraceRows), before_);
  EXPECT_EQ(before_.size(), 2u);
}

TEST_P(DeletingStatusMigration, ATraceMayBeDeletingButNotAnythingElse) {
  database_->Exec("UPDATE trace SET status = 'deleting' WHERE id = 1");
  EXPECT_EQ(database_->Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|deleting", "3|failed"}));
  EXPECT_ANY_THROW(database_->Exec("UPDATE trace SET status = 'gone' WHERE id = 3"));
  EXPECT_EQ(database_->Rows("SELECT status FROM trace WHERE id = 3"),
            std::vector<std::string>{"failed"});
}

// SQLite moved the AUTOINCREMENT counter to the new table: the next load
// gets id 6, not 4. The views were made again over the new table.
TEST(DeletingStatusMigrationSqlite, TheNextTraceGetsANewIdAndTheViewsReadTheTable) {
  TestDatabase database(Backend::kSqlite, "upgrade_deleting_ids");
  MakeArchiveAtVersion(
      database, 9,
      std::string(kOldTraces) + "; UPDATE sqlite_sequence SET seq = 5 WHERE name = 'trace'");
  CliRun run =
      Tracedb("ingest --db '" + database.url() + "' " TRACEDB_SOURCE_DIR "/examples/ring.paje");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(database.Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|complete", "3|failed", "6|complete"}));
  EXPECT_EQ(database.Rows("SELECT DISTINCT trace_id FROM state_view"),
            std::vector<std::string>{"6"});
  EXPECT_EQ(database.Rows("SELECT count(*) FROM sqlite_schema WHERE type = 'view'"),
            std::vector<std::string>{"11"});
}

INSTANTIATE_TEST_SUITE_P(Backends, DeletingStatusMigration,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::deleting_status_migration_test

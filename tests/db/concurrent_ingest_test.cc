// Concurrency: several `tracedb ingest` at once into one archive all
// succeed with exactly their rows (SQLite writers wait for each other's
// write lock instead of failing with "database is locked"), and readers
// (`tracedb query`, `tracedb list`) running meanwhile see complete traces
// only, each whole, on both backends.
#include <gtest/gtest.h>
#include <unistd.h>

#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_load.h"
#include "support/archive_checks.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/child_process.h"
#include "support/test_support.h"

namespace tracedb::testing::concurrent_ingest_test {
namespace {

using Lines = std::vector<std::string>;

constexpr int kLoaders = 4;

Lines IngestArgs(TestDatabase& database, const std::string& file) {
  return {"ingest", "-q", "--db", database.url(), file};
}

Lines LinesOf(const std::string& text) {
  Lines lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class ConcurrentIngest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
};

// They start together on an archive that has no tables yet, so they also
// race to create the schema; their traces are of one size, so they then
// take the write lock to publish at about the same time.
TEST_P(ConcurrentIngest, LoadsIntoOneArchiveAllSucceedWithExactRows) {
  TestDatabase database(GetParam(), "together");
  Lines files, names;
  for (int i = 0; i < kLoaders; ++i) {
    names.push_back("together" + std::to_string(i) + ".paje");
    files.push_back(GeneratedTrace(names.back(), "1M", 10 + i));
  }
  std::vector<std::unique_ptr<BackgroundChild>> loaders;
  for (const std::string& file : files) {
    loaders.push_back(
        std::make_unique<BackgroundChild>(TRACEDB_BINARY, IngestArgs(database, file)));
  }
  for (int i = 0; i < kLoaders; ++i) {
    ChildRun run = loaders[i]->Wait();
    EXPECT_FALSE(run.signaled) << names[i];
    EXPECT_EQ(run.exit_code, 0) << names[i] << ": " << run.err;
    EXPECT_EQ(run.err, "") << names[i];
  }
  EXPECT_EQ(database.Rows("SELECT count(*) FROM trace WHERE status = 'complete'"),
            Lines{std::to_string(kLoaders)});
  EXPECT_EQ(ArchiveProblems(database), Lines{});
  for (int i = 0; i < kLoaders; ++i) {
    Lines id = database.Rows("SELECT id FROM trace WHERE name = '" + names[i] + "'");
    ASSERT_EQ(id.size(), 1u) << names[i];
    EXPECT_EQ(database.RowCounts(std::stoll(id[0])), ReferenceRowCounts(files[i])) << names[i];
  }
  EXPECT_EQ(LoadLeftovers(database), Lines{});
}

// Loads of one file at once: the first to publish stores it, the others
// give way and say it is there (one complete trace of a content, as when
// the loads come one after the other).
TEST_P(ConcurrentIngest, LoadsOfOneFileStoreItOnce) {
  TestDatabase database(GetParam(), "samefile");
  std::string file = GeneratedTrace("same.paje", "1M", 7);
  std::vector<std::unique_ptr<BackgroundChild>> loaders;
  for (int i = 0; i < kLoaders; ++i) {
    loaders.push_back(std::make_unique<BackgroundChild>(
        TRACEDB_BINARY, Lines{"ingest", "--db", database.url(), file}));
  }
  int stored = 0;
  for (auto& loader : loaders) {
    ChildRun run = loader->Wait();
    EXPECT_EQ(run.exit_code, 0) << run.err;
    if (run.err.find(": trace ") != std::string::npos) ++stored;
    if (run.err.find("already in the database as trace") != std::string::npos) continue;
    EXPECT_NE(run.err.find(": trace "), std::string::npos) << run.err;
  }
  EXPECT_EQ(stored, 1);
  Lines traces = database.Rows("SELECT id, status FROM trace");
  ASSERT_EQ(traces.size(), 1u) << ::testing::PrintToString(traces);
  EXPECT_EQ(traces[0].substr(traces[0].find('|')), "|complete");
  EXPECT_EQ(database.RowCounts(std::stoll(traces[0])), ReferenceRowCounts(file));
  EXPECT_EQ(ArchiveProblems(database), Lines{});
  EXPECT_EQ(LoadLeftovers(database), Lines{});
}

// What is wrong with one `tracedb query --csv` of CompletenessSql(): ""
// when every complete trace in it has the rows it counts and no row of
// another trace shows.
std::string SnapshotProblem(const Lines& lines) {
  if (lines.size() < 2 || lines.front() != "trace,stored,counted" || lines.back() != "stray,0,0") {
    return "not a completeness result, or stray rows";
  }
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    size_t first = lines[i].find(',');
    size_t second = lines[i].find(',', first + 1);
    if (lines[i].substr(first + 1, second - first - 1) != lines[i].substr(second + 1)) {
      return "a partial trace: " + lines[i];
    }
  }
  return "";
}

// While a load runs, every query sees the archive as it was before the
// load or after it, never between: the complete traces each whole, no row
// of the load. `list` shows the load as loading and leaves it alone.
TEST_P(ConcurrentIngest, ReadersDuringALoadSeeCompleteTracesOnly) {
  TestDatabase database(GetParam(), "readers");
  std::string small = GeneratedTrace("small.paje", "8K", 1);
  std::string big = GeneratedTrace("big.paje", "6M", 4);
  ASSERT_EQ(RunTracedb(IngestArgs(database, small)).exit_code, 0);

  BackgroundChild load(TRACEDB_BINARY, IngestArgs(database, big));
  int reads = 0;
  size_t visible = 1;  // complete traces; once the load shows, it stays
  bool running = true;
  while (running) {
    running = load.Running();  // one more read after the end
    ChildRun query = RunTracedb({"query", "--csv", "--db", database.url(), CompletenessSql()});
    ASSERT_EQ(query.exit_code, 0) << query.err;
    EXPECT_EQ(query.err, "");
    Lines seen = LinesOf(query.out);
    ASSERT_EQ(SnapshotProblem(seen), "") << query.out;
    EXPECT_GE(seen.size() - 2, visible) << query.out;
    visible = seen.size() - 2;
    ChildRun list = RunTracedb({"list", "--db", database.url()});
    EXPECT_EQ(list.exit_code, 0);
    EXPECT_EQ(list.err, "") << "list must leave a live load alone";
    ++reads;
  }
  ChildRun run = load.Wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(visible, 2u);
  EXPECT_EQ(TraceStatuses(database), (Lines{"small.paje|complete", "big.paje|complete"}));
  EXPECT_EQ(database.RowCounts(2), ReferenceRowCounts(big));
  std::cout << "[   INFO   ] " << reads << " reads during the load\n";
}

// A REPEATABLE READ reader whose snapshot was taken before a load published
// sees nothing of it afterwards either, though the load's partitions are
// attached meanwhile (PostgreSQL reads the partition list from the current
// catalog: rows visible to every snapshot, as COPY FREEZE writes them,
// would show).
TEST(ConcurrentIngestPostgres, AnOlderSnapshotNeverSeesALaterTrace) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "old_snapshot");
  ASSERT_EQ(RunTracedb(IngestArgs(database, GeneratedTrace("first.paje", "8K", 1))).exit_code, 0);
  PgConnection reader(database.url());
  pqxx::nontransaction session(reader.get());
  session.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  session.exec("SELECT count(*) FROM trace");  // the snapshot is taken here

  ChildRun load = RunTracedb(IngestArgs(database, GeneratedTrace("second.paje", "8K", 2)));
  ASSERT_EQ(load.exit_code, 0) << load.err;
  Lines seen;
  for (const pqxx::row& row : session.exec(CompletenessSql())) {
    seen.push_back(row[0].as<std::string>() + "," + row[1].as<std::string>() + "," +
                   row[2].as<std::string>());
  }
  session.exec("COMMIT");
  ASSERT_EQ(seen.size(), 2u) << ::testing::PrintToString(seen);
  EXPECT_EQ(seen[0].substr(0, 2), "1,");
  EXPECT_EQ(seen[1], "stray,0,0");
  EXPECT_EQ(TraceStatuses(database), (Lines{"first.paje|complete", "second.paje|complete"}));
}

// Whether a session waits for the publish gap lock (pg_load.h) in `mode`
// (ShareLock for `tracedb query`, ExclusiveLock for a load): polled until it
// does, for up to a minute.
bool WaitsForTheGapLock(pqxx::nontransaction& session, const std::string& mode) {
  std::string sql = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = " +
                    std::to_string(kPublishGapLock) + " AND objid = 0 AND mode = '" + mode +
                    "' AND NOT granted";
  for (int poll = 0; poll < 600; ++poll) {
    if (session.exec(sql)[0][0].as<int>() == 1) return true;
    usleep(100'000);
  }
  return false;
}

// The gap lock, as a load holds it between its two commits: `tracedb query`
// waits for it, declares its cursor once it is free, and then reads.
TEST(ConcurrentIngestPostgres, AQueryWaitsOutALoadsGapBetweenItsCommits) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "gap_query");
  ASSERT_EQ(RunTracedb(IngestArgs(database, GeneratedTrace("first.paje", "8K", 1))).exit_code, 0);
  PgConnection holder(database.url());
  pqxx::nontransaction gap(holder.get());
  gap.exec("BEGIN");
  gap.exec(PublishGapLockSql("pg_advisory_xact_lock"));

  BackgroundChild query(TRACEDB_BINARY, {"query", "--csv", "--db", database.url(),
                                         "SELECT status FROM trace"});
  PgConnection watcher(database.url());
  pqxx::nontransaction watch(watcher.get());
  EXPECT_TRUE(WaitsForTheGapLock(watch, "ShareLock"));
  EXPECT_TRUE(query.Running());
  gap.exec("COMMIT");
  ChildRun run = query.Wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "status\ncomplete\n");
}

// And a load takes it before its second connection commits: it waits while
// a query holds it, then publishes.
TEST(ConcurrentIngestPostgres, ALoadTakesTheGapLockBeforeItsSecondCommit) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "gap_load");
  PgConnection holder(database.url());
  pqxx::nontransaction reader(holder.get());
  reader.exec(PublishGapLockSql("pg_advisory_lock_shared"));

  BackgroundChild load(TRACEDB_BINARY,
                       IngestArgs(database, GeneratedTrace("second.paje", "8K", 2)));
  PgConnection watcher(database.url());
  pqxx::nontransaction watch(watcher.get());
  EXPECT_TRUE(WaitsForTheGapLock(watch, "ExclusiveLock"));
  EXPECT_EQ(TraceStatuses(database), (Lines{"second.paje|loading"}));
  reader.exec(PublishGapLockSql("pg_advisory_unlock_shared"));
  ChildRun run = load.Wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(TraceStatuses(database), (Lines{"second.paje|complete"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, ConcurrentIngest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

// A load locks the parent tables it attaches to, not their partitions: a
// lock on every partition (8 a trace) filled PostgreSQL's shared lock table
// once the archive held about 1,070 traces, and each later load failed with
// "out of shared memory". Here a SHARE lock on one of trace 1's partitions
// (as CREATE INDEX takes) would hold up a load that locked it; the load's
// lock_timeout turns such a wait into a failure.
TEST(ConcurrentIngestPostgres, ALoadLocksNoPartitionOfAnotherTrace) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "partition_locks");
  ASSERT_EQ(RunTracedb(IngestArgs(database, GeneratedTrace("first.paje", "8K", 1))).exit_code, 0);
  PgConnection holder(database.url());
  pqxx::nontransaction other(holder.get());
  other.exec("BEGIN");
  for (const char* table : {"variable", "link", "state_summary", "state_profile"}) {
    other.exec(std::string("LOCK TABLE trace_part.") + table + "_1 IN SHARE MODE");
  }

  ChildRun run = RunTracedbWith({"PGOPTIONS=-c lock_timeout=5s"},
                                IngestArgs(database, GeneratedTrace("second.paje", "8K", 2)));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  other.exec("COMMIT");
  EXPECT_EQ(TraceStatuses(database), (Lines{"first.paje|complete", "second.paje|complete"}));
}

}  // namespace
}  // namespace tracedb::testing::concurrent_ingest_test

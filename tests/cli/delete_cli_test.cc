// tracedb delete on both backends: the other trace intact, unknown traces,
// removal in the background; and on SQLite, a killed background removal
// finished by the next command, and --vacuum.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "archive_cli.h"
#include "db/loader_process.h"
#include "db/sqlite/sqlite_connection.h"
#include "support/background_child.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::archive_cli::delete_cli_test {
namespace {

TEST_P(ArchiveCli, DeleteLeavesTheOtherTraceIntact) {
  CliRun dump_before = Tracedb("dump --db " + db_ + " 2");
  ASSERT_EQ(dump_before.exit_code, 0) << dump_before.err;
  std::vector<std::string> counts_before = database_->RowCounts(2);
  // A reader keeps the WAL file from being removed at the last close, so
  // what the checkpoint left in it shows.
  std::optional<SqliteConnection> reader;
  if (sqlite()) reader.emplace(db_);
  CliRun run = Run("delete", "ring.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "deleted trace 1 (ring.paje)\n");
  EXPECT_EQ(database_->RowCounts(2), counts_before);
  EXPECT_EQ(database_->RowCounts(1), NoTraceRows());
  EXPECT_EQ(SortedLines(Tracedb("dump --db " + db_ + " 2").out), SortedLines(dump_before.out));
  EXPECT_EQ(Rows("SELECT id FROM trace"), std::vector<std::string>{"2"});
  // The checkpoint emptied the write-ahead log.
  if (sqlite()) {
    EXPECT_EQ(std::filesystem::file_size(db_ + "-wal"), 0u);
  }
}

TEST_P(ArchiveCli, DeleteGoesOnPastAnUnknownTraceAndExitsOne) {
  CliRun run = Run("delete", "nosuch 2 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + db_ +
                         ": no trace 'nosuch' (see tracedb list)\n"
                         "deleted trace 2 (small.paje)\n"
                         "deleted trace 1 (ring.paje)\n");
  CliRun list = Run("list", "");
  EXPECT_EQ(list.out, "");
  CliRun vacuum = Run("delete", "--vacuum 1");
  EXPECT_EQ(vacuum.exit_code, 1);
  EXPECT_EQ(vacuum.err, "tracedb: " + db_ + ": no trace '1' (see tracedb list)\n");
  EXPECT_EQ(Run("delete", "").exit_code, 2);
}

// Whether a background tracedb delete (cli/background_purge.h) still works
// on `db`: its command line names both.
bool BackgroundRemovalRuns(const std::string& db) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    std::ifstream file(entry.path() / "cmdline");
    std::string words((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (words.find("--purge-for") != std::string::npos && words.find(db) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// --background hides the trace before the command returns (SQLite: status
// "deleting", gone from the views; PostgreSQL drops it at once) and a
// background tracedb removes its rows soon after, the other trace intact.
TEST_P(ArchiveCli, DeleteInTheBackgroundHidesAtOnceAndRemovesTheRowsSoon) {
  CliRun dump_before = Tracedb("dump --db " + db_ + " 2");
  std::vector<std::string> counts_before = database_->RowCounts(2);
  CliRun run = Run("delete", "--background ring.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, sqlite() ? "deleted trace 1 (ring.paje)\n"
                                "the rows of trace 1 (ring.paje) go in the background (tracedb "
                                "list shows 'deleting' until then)\n"
                              : "deleted trace 1 (ring.paje)\n");
  EXPECT_EQ(Rows("SELECT DISTINCT trace_id FROM state_view"), std::vector<std::string>{"2"});
  // Named its remover before the command returned: while it runs, the
  // trace row names it, not the delete that is gone, and list warns of no
  // stopped removal.
  std::vector<std::string> remover = Rows("SELECT loader_pid FROM trace WHERE id = 1");
  if (sqlite() && !remover.empty()) {
    LoaderState state = CheckLoader(ThisHost(), std::stoll(remover[0]));
    EXPECT_TRUE(state == LoaderState::kAlive || Rows("SELECT id FROM trace WHERE id = 1").empty());
  }
  EXPECT_EQ(Run("list", "").err, "");
  ASSERT_TRUE(
      WaitFor([&] { return Rows("SELECT id FROM trace") == std::vector<std::string>{"2"}; }));
  // It ends with a checkpoint: done before the next test makes a file of that name.
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db_); }));
  EXPECT_EQ(database_->RowCounts(1), NoTraceRows());
  EXPECT_EQ(database_->RowCounts(2), counts_before);
  EXPECT_EQ(SortedLines(Tracedb("dump --db " + db_ + " 2").out), SortedLines(dump_before.out));
}

TEST_P(ArchiveCli, DeleteTakesWaitOrBackgroundNotBoth) {
  CliRun run = Run("delete", "--wait --background 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb delete: --wait or --background, not both\n"
            "(run 'tracedb delete --help' for usage)\n");
  EXPECT_EQ(Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|complete", "2|complete"}));
}

// Two traces in a new archive, the first (ring.paje) hidden by a delete
// whose background removal was killed after its first table (call_path, in
// name order): "deleting", its remover gone, its states still there.
std::string ArchiveWithAKilledRemoval(const std::string& name) {
  std::string db = FreshDbPath(name);
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  for (const std::string& file : {ring, WriteTempFile("small.paje", Header() + kSmallBody)}) {
    ChildRun ingest = RunTracedb({"ingest", "-q", "--db", db, file});
    EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  }
  ChildRun hide =
      RunTracedbWith({"TRACEDB_CRASH_AT=purge"}, {"delete", "--background", "--db", db, "1"});
  EXPECT_EQ(hide.exit_code, 0) << hide.err;
  SqliteConnection connection(db);
  EXPECT_TRUE(WaitFor([&] {
    std::vector<std::string> pid = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1");
    return !pid.empty() &&
           Rows(connection, "SELECT count(*) FROM call_path WHERE trace_id = 1")[0] == "0" &&
           CheckLoader(ThisHost(), std::stoll(pid[0])) == LoaderState::kGone;
  }));
  EXPECT_NE(Rows(connection, "SELECT count(*) FROM state WHERE trace_id = 1"),
            std::vector<std::string>{"0"});
  return db;
}

// A killed background removal: list warns of it, the views and dump leave
// the trace out, and the next tracedb delete, of any trace, finishes it.
TEST(ArchiveCliSqlite, AKilledBackgroundRemovalIsFinishedByTheNextDelete) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge.sqlite");
  SqliteConnection connection(db);
  ChildRun list = RunTracedb({"list", "--db", db, "--status", "deleting", "--csv"});
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("\n1,ring.paje,"), std::string::npos) << list.out;
  EXPECT_EQ(list.err, "tracedb: warning: " + db +
                          ": the removal of trace 1 (ring.paje) stopped part way: tracedb "
                          "delete 1 finishes it\n");
  EXPECT_EQ(Rows(connection, "SELECT DISTINCT trace_id FROM state_view"),
            std::vector<std::string>{"2"});
  ChildRun dump = RunTracedb({"dump", "--db", db, "1"});
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, "tracedb: " + db + ": trace 1 is deleting, not complete\n");
  ChildRun next = RunTracedb({"delete", "--wait", "--db", db, "2"});
  EXPECT_EQ(next.exit_code, 0) << next.err;
  EXPECT_EQ(next.err, "deleted trace 2 (small.paje)\n");
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM state"), std::vector<std::string>{"0"});
}

// An ingest finds the killed removal and starts it again in the background;
// the new trace takes the old one's name, which stays unambiguous.
TEST(ArchiveCliSqlite, AKilledBackgroundRemovalGoesOnAfterTheNextIngest) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge_ingest.sqlite");
  SqliteConnection connection(db);
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  ChildRun again = RunTracedb({"ingest", "-q", "--db", db, ring});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err, "");
  ChildRun by_name = RunTracedb({"dump", "--db", db, "ring.paje"});
  EXPECT_EQ(by_name.exit_code, 0) << by_name.err;
  EXPECT_EQ(SortedLines(by_name.out), SortedLines(RunTracedb({"dump", ring}).out));
  EXPECT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id, status FROM trace ORDER BY id") ==
           std::vector<std::string>{"2|complete", "3|complete"};
  }));
  EXPECT_EQ(Rows(connection, "SELECT DISTINCT trace_id FROM state ORDER BY 1"),
            (std::vector<std::string>{"2", "3"}));
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db); }));
}

// An ingest that restarts a stopped removal names the remover it starts
// before it returns: the trace row no longer names the one that was killed,
// so nobody takes the removal for stopped while the new one waits for the
// write lock (three ingests in a row used to start a remover each).
TEST(ArchiveCliSqlite, AnIngestNamesTheRemoverItStarts) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge_named.sqlite");
  SqliteConnection connection(db);
  std::string killed = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1").at(0);
  std::string small = WriteTempFile("small.paje", Header() + kSmallBody);
  ChildRun ingest = RunTracedb({"ingest", "-q", "--db", db, small});
  EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  std::vector<std::string> remover = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1");
  EXPECT_TRUE(remover.empty() || remover[0] != killed) << killed;
  EXPECT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id FROM trace ORDER BY id") == std::vector<std::string>{"2"};
  }));
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db); }));
}

// --vacuum compacts the file once another process's removal has ended, or
// that trace's pages would stay in it, free: it waits for a live remover,
// and finishes the removal itself when that remover dies meanwhile.
TEST(ArchiveCliSqlite, DeleteWithVacuumWaitsForAnotherRemovalToEnd) {
  std::string db = ArchiveWithAKilledRemoval("vacuum_waits.sqlite");
  SqliteConnection connection(db);
  BackgroundChild remover("/bin/sleep", {"600"});  // stands for a live background removal
  connection.Exec("UPDATE trace SET loader_pid = " + std::to_string(remover.pid()) +
                  " WHERE id = 1");
  BackgroundChild vacuum(TRACEDB_BINARY, {"delete", "--vacuum", "--db", db, "2"});
  ASSERT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id, status FROM trace") ==
           std::vector<std::string>{"1|deleting"};
  }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(vacuum.Running());
  EXPECT_NE(Rows(connection, "SELECT count(*) FROM state WHERE trace_id = 1"),
            std::vector<std::string>{"0"});
  remover.Kill();
  ChildRun run = vacuum.Wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "deleted trace 2 (small.paje)\n"
            "waiting for the removal of trace 1 (ring.paje) to end, to give back its space too\n");
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM state"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "PRAGMA freelist_count"), std::vector<std::string>{"0"});
}

// SQLite's deletes leave the freed pages as they are (secure_delete is off:
// zeroing them cost 15% of a delete), so --vacuum is how a trace's bytes
// leave the file. (PostgreSQL drops the trace's partitions, files and all.)
TEST(ArchiveCliSqlite, DeleteWithVacuumLeavesNoByteOfTheTraceInTheFile) {
  std::string db = FreshDbPath("vacuum.sqlite");
  const std::string marker = "zq-deleted-value-3141";
  std::string kept = WriteTempFile("kept.paje", Header() + kSmallBody);
  std::string gone = WriteTempFile("gone.paje", Header() + Replaced(kSmallBody, "hello", marker));
  for (const std::string& trace : {kept, gone}) {
    CliRun ingest = Tracedb("ingest -q --db " + db + " " + trace);
    ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  }
  auto file_has_marker = [&] {
    std::string bytes = ReadWholeFile(db);
    if (std::filesystem::exists(db + "-wal")) bytes += ReadWholeFile(db + "-wal");
    return bytes.find(marker) != std::string::npos;
  };
  ASSERT_TRUE(file_has_marker());
  CliRun run = Tracedb("delete --db " + db + " --vacuum gone.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "deleted trace 2 (gone.paje)\n");
  EXPECT_FALSE(file_has_marker());
  CliRun list = Tracedb("query --csv --db " + db + " 'SELECT id, name FROM trace'");
  EXPECT_EQ(list.out, "id,name\n1,kept.paje\n");
}

}  // namespace
}  // namespace tracedb::testing::archive_cli::delete_cli_test

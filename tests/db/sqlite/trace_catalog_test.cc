// The trace catalog: lifecycle, lookups, deletion and interrupted loads.
#include "db/sqlite/trace_catalog.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "db/db_error.h"
#include "db/loader_process.h"
#include "db/sqlite/sqlite_migrate.h"
#include "db/sqlite/sqlite_transaction.h"
#include "db/sqlite/staged/sqlite_staged_load.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::trace_catalog_test {
namespace {

TraceInfo Info(const std::string& name, const std::string& sha256 = "ab12") {
  return {.name = name,
          .path = "/traces/" + name + ".paje",
          .format = "paje",
          .size_bytes = 1234,
          .sha256 = sha256,
          .comment = std::nullopt,
          .tool_version = "0.1.0"};
}

const TraceSummary kSummary{.start_time = 0.0,
                            .end_time = 10.0,
                            .container_count = 3,
                            .state_count = 1,
                            .event_count = 1,
                            .variable_count = 1,
                            .link_count = 2,
                            .metadata = R"({"version":"1.2"})"};

// A pid that surely ran on this host and is gone: a child that exited and
// was reaped.
int64_t DeadPid() {
  pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

// RowCounts() of a trace holding InsertSampleRows(), and of one holding none.
const std::vector<std::string> kSampleCounts = {
    "call_path=0",    "container=3", "event=1",          "event_summary=0",    "link=2",
    "link_summary=0", "state=1",     "state_duration=0", "state_profile=0",    "state_summary=0",
    "type=6",         "value=3",     "variable=1",       "variable_summary=0",
};
const std::vector<std::string> kNoRows = {
    "call_path=0",    "container=0", "event=0",          "event_summary=0",    "link=0",
    "link_summary=0", "state=0",     "state_duration=0", "state_profile=0",    "state_summary=0",
    "type=0",         "value=0",     "variable=0",       "variable_summary=0",
};

class TraceCatalog : public ::testing::Test {
 protected:
  void SetUp() override { Migrate(connection_); }

  // A trace with sample rows in every table, complete.
  int64_t Loaded(const std::string& name, const std::string& sha256 = "ab12") {
    int64_t id = BeginTrace(connection_, Info(name, sha256));
    InsertSampleRows(connection_, id);
    CompleteTrace(connection_, id, kSummary);
    return id;
  }

  void SetLoader(int64_t id, const std::string& host, int64_t pid) {
    SqliteStatement update =
        connection_.Prepare("UPDATE trace SET loader_host = ?, loader_pid = ? WHERE id = ?");
    update.BindText(1, host);
    update.BindInt(2, pid);
    update.BindInt(3, id);
    update.Step();
  }

  std::string status(int64_t id) {
    return Rows(connection_, "SELECT status FROM trace WHERE id = " + std::to_string(id)).at(0);
  }

  std::string path_ = FreshDbPath("catalog.sqlite");
  SqliteConnection connection_{path_};
};

TEST_F(TraceCatalog, BeginTraceCommitsALoadingRowOthersSeeAtOnce) {
  int64_t id = BeginTrace(connection_, Info("run1"));
  EXPECT_EQ(id, 1);
  EXPECT_FALSE(connection_.InTransaction());
  SqliteConnection other(path_);
  std::string loader = ThisHost() + "|" + std::to_string(getpid());
  EXPECT_EQ(
      Rows(other,
           "SELECT id, name, path, format, size_bytes, sha256, comment, tool_version, status,"
           " error, loader_host, loader_pid, start_time, end_time, container_count,"
           " state_count, event_count, variable_count, link_count, metadata FROM trace"),
      std::vector<std::string>{"1|run1|/traces/run1.paje|paje|1234|ab12|NULL|0.1.0|loading|NULL|" +
                               loader + "|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL"});
  std::string ingested_at = Rows(other, "SELECT ingested_at FROM trace").at(0);
  EXPECT_TRUE(std::regex_match(ingested_at, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << ingested_at;
}

TEST_F(TraceCatalog, BeginTraceRefusesToHideInsideAnOpenTransaction) {
  SqliteTransaction transaction(connection_);
  EXPECT_EQ(ErrorOf([&] { BeginTrace(connection_, Info("run1")); }),
            path_ + ": cannot start a transaction within a transaction");
}

TEST_F(TraceCatalog, CompleteTraceRecordsTheSummary) {
  int64_t id = Loaded("run1");
  std::optional<TraceRecord> record = FindTrace(connection_, "1");
  ASSERT_TRUE(record);
  EXPECT_EQ(record->id, id);
  EXPECT_EQ(record->status, TraceStatus::kComplete);
  EXPECT_EQ(record->info.name, "run1");
  EXPECT_EQ(record->info.size_bytes, 1234);
  EXPECT_EQ(record->info.comment, std::nullopt);
  EXPECT_EQ(record->error, std::nullopt);
  EXPECT_EQ(record->loader_pid, getpid());
  ASSERT_TRUE(record->summary);
  EXPECT_EQ(record->summary->end_time, 10.0);
  EXPECT_EQ(record->summary->link_count, 2);
  EXPECT_EQ(record->summary->metadata, R"({"version":"1.2"})");
  EXPECT_EQ(Rows(connection_,
                 "SELECT start_time, end_time, container_count, state_count, event_count,"
                 " variable_count, link_count, metadata FROM trace"),
            std::vector<std::string>{R"(0.0|10.0|3|1|1|1|2|{"version":"1.2"})"});
}

TEST_F(TraceCatalog, CompleteTraceWorksInsideTheLoadersLastTransaction) {
  int64_t id = BeginTrace(connection_, Info("run1"));
  SqliteTransaction transaction(connection_);
  InsertSampleRows(connection_, id);
  CompleteTrace(connection_, id, kSummary);
  transaction.Commit();
  EXPECT_EQ(status(id), "complete");
}

TEST_F(TraceCatalog, OnlyALoadingTraceCanBeCompleted) {
  int64_t id = Loaded("run1");
  EXPECT_EQ(ErrorOf([&] { CompleteTrace(connection_, id, kSummary); }),
            path_ + ": trace 1 is not loading; it cannot be completed");
  EXPECT_EQ(ErrorOf([&] { CompleteTrace(connection_, 99, kSummary); }),
            path_ + ": trace 99 is not loading; it cannot be completed");
}

TEST_F(TraceCatalog, FailTraceLeavesNoRowsAndKeepsTheReason) {
  int64_t kept = Loaded("kept");
  int64_t failed = BeginTrace(connection_, Info("broken"));
  InsertSampleRows(connection_, failed);
  FailTrace(connection_, failed, "broken.paje:12: unknown event 99");
  EXPECT_EQ(RowCounts(connection_, failed), kNoRows);
  EXPECT_EQ(RowCounts(connection_, kept), kSampleCounts);
  EXPECT_EQ(
      Rows(connection_, "SELECT id, status, error FROM trace ORDER BY id"),
      (std::vector<std::string>{"1|complete|NULL", "2|failed|broken.paje:12: unknown event 99"}));
  std::optional<TraceRecord> record = FindTrace(connection_, "broken");
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, TraceStatus::kFailed);
  EXPECT_EQ(record->summary, std::nullopt);
}

TEST_F(TraceCatalog, FailTraceDropsTheBatchTheLoaderLeftOpen) {
  int64_t id = BeginTrace(connection_, Info("run1"));
  connection_.Exec("BEGIN IMMEDIATE");
  InsertSampleRows(connection_, id);
  FailTrace(connection_, id, "disk full");
  EXPECT_FALSE(connection_.InTransaction());
  EXPECT_EQ(RowCounts(connection_, id), kNoRows);
  EXPECT_EQ(status(id), "failed");
}

TEST_F(TraceCatalog, FailTraceLeavesACompleteTraceAlone) {
  int64_t id = Loaded("run1");
  FailTrace(connection_, id, "too late");
  EXPECT_EQ(status(id), "complete");
  EXPECT_EQ(RowCounts(connection_, id), kSampleCounts);
  FailTrace(connection_, 99, "no such trace");
  EXPECT_EQ(Rows(connection_, "SELECT count(*) FROM trace"), std::vector<std::string>{"1"});
}

TEST_F(TraceCatalog, ListTracesGivesEveryTraceById) {
  Loaded("a");
  BeginTrace(connection_, Info("b"));
  std::vector<TraceRecord> traces = ListTraces(connection_);
  ASSERT_EQ(traces.size(), 2u);
  EXPECT_EQ(traces[0].info.name, "a");
  EXPECT_EQ(traces[0].status, TraceStatus::kComplete);
  EXPECT_EQ(traces[1].info.name, "b");
  EXPECT_EQ(traces[1].status, TraceStatus::kLoading);
  EXPECT_EQ(traces[1].summary, std::nullopt);
}

TEST_F(TraceCatalog, FindTraceTakesDigitsAsAnIdAndAnythingElseAsAName) {
  Loaded("run1");
  Loaded("2");  // a name made of digits can only be reached by its id
  EXPECT_EQ(FindTrace(connection_, "1")->info.name, "run1");
  EXPECT_EQ(FindTrace(connection_, "run1")->id, 1);
  EXPECT_EQ(FindTrace(connection_, "2")->info.name, "2");
  EXPECT_EQ(FindTrace(connection_, "3"), std::nullopt);
  EXPECT_EQ(FindTrace(connection_, "run"), std::nullopt);
  EXPECT_EQ(FindTrace(connection_, ""), std::nullopt);
  EXPECT_EQ(FindTrace(connection_, "99999999999999999999999"), std::nullopt);
}

// A bare number that is one trace's id and another's name is not guessed.
TEST_F(TraceCatalog, DigitsThatAreAnIdAndAnotherTracesNameAreAmbiguous) {
  Loaded("run");  // id 1
  Loaded("1");    // id 2
  EXPECT_EQ(ErrorOf([&] { FindTrace(connection_, "1"); }),
            path_ + ": \"1\" is both the id of trace 1 (run) and the name of trace 2 "
                    "(complete); say id:1 or name:1");
  EXPECT_EQ(FindTrace(connection_, "id:1")->info.name, "run");
  EXPECT_EQ(FindTrace(connection_, "name:1")->id, 2);
  EXPECT_EQ(FindTrace(connection_, "name:run")->id, 1);
  EXPECT_EQ(FindTrace(connection_, "2")->info.name, "1");  // no trace is named "2"
  EXPECT_EQ(FindTrace(connection_, "id:run"), std::nullopt);
  EXPECT_EQ(FindTrace(connection_, "id:"), std::nullopt);
  EXPECT_EQ(FindTrace(connection_, "name:"), std::nullopt);
}

TEST_F(TraceCatalog, AnAmbiguousNameListsTheCandidates) {
  Loaded("run");
  int64_t failed = BeginTrace(connection_, Info("run"));
  FailTrace(connection_, failed, "bad");
  Loaded("run");
  EXPECT_EQ(ErrorOf([&] { FindTrace(connection_, "run"); }),
            path_ + ": trace name \"run\" is ambiguous: ids 1 (complete), 3 (complete); use an id");
}

// Failed loads of a name, kept to say what went wrong, leave it to the one
// load that worked; with no such load, they are what the name means.
TEST_F(TraceCatalog, FailedLoadsLeaveANameToTheTraceThatLoaded) {
  for (int i = 0; i < 2; ++i) FailTrace(connection_, BeginTrace(connection_, Info("h1")), "bad");
  EXPECT_EQ(ErrorOf([&] { FindTrace(connection_, "h1"); }),
            path_ + ": trace name \"h1\" is ambiguous: ids 1 (failed), 2 (failed); use an id");
  int64_t loaded = Loaded("h1");
  EXPECT_EQ(FindTrace(connection_, "h1")->id, loaded);
  FailTrace(connection_, BeginTrace(connection_, Info("once")), "bad");
  EXPECT_EQ(FindTrace(connection_, "once")->status, TraceStatus::kFailed);
  int64_t loading = BeginTrace(connection_, Info("h1"));
  EXPECT_EQ(ErrorOf([&] { FindTrace(connection_, "h1"); }),
            path_ + ": trace name \"h1\" is ambiguous: ids 3 (complete), " +
                std::to_string(loading) + " (loading); use an id");
}

TEST_F(TraceCatalog, FindCompleteByShaIgnoresLoadingAndFailedTraces) {
  BeginTrace(connection_, Info("loading", "f00d"));
  FailTrace(connection_, BeginTrace(connection_, Info("failed", "f00d")), "bad");
  EXPECT_EQ(FindCompleteBySha(connection_, "f00d"), std::nullopt);
  int64_t first = Loaded("complete", "f00d");
  Loaded("again", "f00d");
  EXPECT_EQ(FindCompleteBySha(connection_, "f00d"), first);
  EXPECT_EQ(FindCompleteBySha(connection_, "beef"), std::nullopt);
}

TEST_F(TraceCatalog, DeleteTraceRemovesThatTraceOnly) {
  int64_t gone = Loaded("gone");
  int64_t kept = Loaded("kept");
  EXPECT_TRUE(DeleteTrace(connection_, gone));
  EXPECT_EQ(RowCounts(connection_, gone), kNoRows);
  EXPECT_EQ(RowCounts(connection_, kept), kSampleCounts);
  EXPECT_EQ(Rows(connection_, "SELECT id FROM trace"), std::vector<std::string>{"2"});
  EXPECT_FALSE(DeleteTrace(connection_, gone));
}

TEST_F(TraceCatalog, IdsOfDeletedTracesAreNeverReused) {
  DeleteTrace(connection_, Loaded("first"));
  EXPECT_EQ(Loaded("second"), 2);
}

TEST_F(TraceCatalog, DeleteTraceRefusesALoadStillRunning) {
  int64_t id = BeginTrace(connection_, Info("run1"));  // by this very process
  InsertSampleRows(connection_, id);
  EXPECT_EQ(ErrorOf([&] { DeleteTrace(connection_, id); }),
            path_ + ": trace 1 is still being loaded by process " + std::to_string(getpid()) +
                " on " + ThisHost() + "; stop it first");
  EXPECT_EQ(RowCounts(connection_, id), kSampleCounts);
  SetLoader(id, ThisHost(), DeadPid());
  EXPECT_TRUE(DeleteTrace(connection_, id));
}

// HideTrace: one short transaction that takes a complete trace out of the
// views, naming this process as its remover; its rows stay for
// PurgeDeleting, which removes them and the trace row, and leaves the other
// trace alone.
TEST_F(TraceCatalog, HideTraceHidesAtOnceAndPurgeDeletingRemovesTheRows) {
  int64_t gone = Loaded("gone");
  int64_t kept = Loaded("kept");
  EXPECT_TRUE(HideTrace(connection_, gone));
  EXPECT_FALSE(connection_.InTransaction());
  EXPECT_EQ(
      Rows(connection_, "SELECT id, status, loader_host, loader_pid FROM trace ORDER BY id"),
      (std::vector<std::string>{"1|deleting|" + ThisHost() + "|" + std::to_string(getpid()),
                                "2|complete|" + ThisHost() + "|" + std::to_string(getpid())}));
  EXPECT_EQ(RowCounts(connection_, gone), kSampleCounts);
  EXPECT_EQ(Rows(connection_, "SELECT DISTINCT trace_id FROM container_view"),
            std::vector<std::string>{"2"});
  EXPECT_EQ(PurgeDeleting(connection_, 0), std::vector<int64_t>{gone});
  EXPECT_EQ(RowCounts(connection_, gone), kNoRows);
  EXPECT_EQ(RowCounts(connection_, kept), kSampleCounts);
  EXPECT_EQ(Rows(connection_, "SELECT id FROM trace"), std::vector<std::string>{"2"});
  EXPECT_EQ(PurgeDeleting(connection_, 0), std::vector<int64_t>{});
  EXPECT_FALSE(HideTrace(connection_, gone));
}

// Only complete traces wait for their rows: a failed one has none left and
// goes at once, and a loading one is refused while its loader runs, as
// DeleteTrace does.
TEST_F(TraceCatalog, HideTraceDeletesFailedTracesAtOnceAndRefusesLiveLoads) {
  int64_t failed = BeginTrace(connection_, Info("failed"));
  FailTrace(connection_, failed, "bad");
  EXPECT_TRUE(HideTrace(connection_, failed));
  EXPECT_EQ(Rows(connection_, "SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  int64_t loading = BeginTrace(connection_, Info("loading"));
  EXPECT_EQ(ErrorOf([&] { HideTrace(connection_, loading); }),
            path_ + ": trace 2 is still being loaded by process " + std::to_string(getpid()) +
                " on " + ThisHost() + "; stop it first");
  EXPECT_EQ(status(loading), "loading");
}

// A deleting trace is removed by the process that hid it, by the one it
// handed over to, or by anyone once that process is gone; never from under
// a live remover (here the test's parent, surely alive).
TEST_F(TraceCatalog, PurgeDeletingTakesOverOnlyFromAGoneOrHandingProcess) {
  int64_t live = Loaded("live");
  int64_t handed = Loaded("handed");
  int64_t dead = Loaded("dead");
  for (int64_t id : {live, handed, dead}) HideTrace(connection_, id);
  SetLoader(live, ThisHost(), getppid());
  SetLoader(handed, ThisHost(), 424242);
  SetLoader(dead, ThisHost(), DeadPid());
  EXPECT_EQ(PurgeDeleting(connection_, 424242), (std::vector<int64_t>{handed, dead}));
  EXPECT_EQ(Rows(connection_, "SELECT id, status FROM trace"),
            std::vector<std::string>{"1|deleting"});
  EXPECT_EQ(RowCounts(connection_, live), kSampleCounts);
  // Hiding it again while its remover lives leaves it that remover's.
  EXPECT_TRUE(HideTrace(connection_, live));
  EXPECT_EQ(Rows(connection_, "SELECT loader_pid FROM trace"),
            std::vector<std::string>{std::to_string(getppid())});
  SetLoader(live, ThisHost(), DeadPid());
  EXPECT_TRUE(HideTrace(connection_, live));
  EXPECT_EQ(Rows(connection_, "SELECT loader_pid FROM trace"),
            std::vector<std::string>{std::to_string(getpid())});
  EXPECT_EQ(PurgeDeleting(connection_, 0), std::vector<int64_t>{live});
}

// The background tracedb a delete starts is named the remover of what that
// delete hid, and of removals whose remover is gone, before it claims them:
// none of them looks stopped meanwhile (to list, or to an ingest that would
// start another). A live remover keeps its trace, a complete trace is left
// alone, and the one named then removes them as its own.
TEST_F(TraceCatalog, HandRemovalsToNamesTheNewRemoverOfAllButALiveOnesTraces) {
  int64_t mine = Loaded("mine");
  int64_t live = Loaded("live");
  int64_t dead = Loaded("dead");
  int64_t kept = Loaded("kept");
  for (int64_t id : {mine, live, dead}) HideTrace(connection_, id);
  SetLoader(live, ThisHost(), getppid());
  SetLoader(dead, ThisHost(), DeadPid());
  pid_t remover = fork();  // alive until killed below, as a remover would be
  if (remover == 0) {
    pause();
    _exit(0);
  }
  EXPECT_EQ(HandRemovalsTo(connection_, remover), (std::vector<int64_t>{mine, dead}));
  EXPECT_FALSE(connection_.InTransaction());
  std::string here = "|" + ThisHost() + "|";
  EXPECT_EQ(Rows(connection_, "SELECT id, status, loader_host, loader_pid FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|deleting" + here + std::to_string(remover),
                                      "2|deleting" + here + std::to_string(getppid()),
                                      "3|deleting" + here + std::to_string(remover),
                                      "4|complete" + here + std::to_string(getpid())}));
  EXPECT_EQ(PurgeDeleting(connection_, 0), std::vector<int64_t>{});  // not this process's now
  EXPECT_EQ(PurgeDeleting(connection_, remover), (std::vector<int64_t>{mine, dead}));
  kill(remover, SIGKILL);
  waitpid(remover, nullptr, 0);
  EXPECT_EQ(RowCounts(connection_, kept), kSampleCounts);
  EXPECT_EQ(RowCounts(connection_, live), kSampleCounts);
}

TEST_F(TraceCatalog, CleanInterruptedRemovesLoadsWhoseProcessIsGone) {
  int64_t complete = Loaded("complete");
  int64_t dead = BeginTrace(connection_, Info("dead"));
  InsertSampleRows(connection_, dead);
  SetLoader(dead, ThisHost(), DeadPid());
  int64_t live = BeginTrace(connection_, Info("live"));
  int64_t elsewhere = BeginTrace(connection_, Info("elsewhere"));
  SetLoader(elsewhere, "some-other-host", DeadPid());

  EXPECT_EQ(CleanInterrupted(connection_), std::vector<int64_t>{dead});
  EXPECT_EQ(RowCounts(connection_, dead), kNoRows);
  EXPECT_EQ(RowCounts(connection_, complete), kSampleCounts);
  EXPECT_EQ(Rows(connection_, "SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{std::to_string(complete) + "|complete",
                                      std::to_string(live) + "|loading",
                                      std::to_string(elsewhere) + "|loading"}));
  EXPECT_EQ(CleanInterrupted(connection_), std::vector<int64_t>{});
}

// A load killed after its publishing COMMIT leaves a complete trace and its
// scratch file; a cleanup killed after its DELETE, a file of no trace.
// Only a load still loading needs its file.
TEST_F(TraceCatalog, CleanInterruptedRemovesScratchFilesOfTracesNotLoading) {
  int64_t complete = Loaded("complete");
  int64_t live = BeginTrace(connection_, Info("live"));
  int64_t gone = 99;
  auto scratch = [&](int64_t id, int part = 0) {
    return SqliteStagedLoad::ScratchPath(path_, id, part);
  };
  std::vector<std::string> unrelated = {path_ + ".load-notes", scratch(gone) + ".pX",
                                        scratch(gone) + ".p1.bak"};
  std::vector<std::string> stale = {scratch(complete), scratch(complete, 1), scratch(gone),
                                    scratch(gone) + "-journal", scratch(gone, 2) + "-journal"};
  for (const std::string& file : stale) std::ofstream(file) << "x";
  for (const std::string& file : unrelated) std::ofstream(file) << "x";
  std::ofstream(scratch(live)) << "x";
  std::ofstream(scratch(live, 1)) << "x";
  EXPECT_EQ(CleanInterrupted(connection_), std::vector<int64_t>{});
  for (const std::string& file : stale) EXPECT_FALSE(std::filesystem::exists(file)) << file;
  for (const std::string& file : unrelated) EXPECT_TRUE(std::filesystem::exists(file)) << file;
  EXPECT_TRUE(std::filesystem::exists(scratch(live)));
  EXPECT_TRUE(std::filesystem::exists(scratch(live, 1)));
}

TEST(LoaderProcess, ThisProcessIsAliveAndAReapedChildIsGone) {
  EXPECT_EQ(CheckLoader(ThisHost(), ThisPid()), LoaderState::kAlive);
  EXPECT_EQ(CheckLoader(ThisHost(), DeadPid()), LoaderState::kGone);
  EXPECT_EQ(CheckLoader(ThisHost(), 1), LoaderState::kAlive);  // init, owned by root or not
}

// A child that exited and was not waited for still answers kill(): it is
// gone all the same (a background delete whose init does not reap).
TEST(LoaderProcess, AnExitedChildNotYetReapedIsGone) {
  pid_t child = fork();
  if (child == 0) _exit(0);
  siginfo_t info{};
  ASSERT_EQ(waitid(P_PID, child, &info, WEXITED | WNOWAIT), 0);  // exited, still unreaped
  EXPECT_EQ(kill(child, 0), 0);
  EXPECT_EQ(CheckLoader(ThisHost(), child), LoaderState::kGone);
  waitpid(child, nullptr, 0);
}

TEST(LoaderProcess, OtherHostsAndMissingFactsAreUnknown) {
  EXPECT_FALSE(ThisHost().empty());
  EXPECT_EQ(CheckLoader("some-other-host", ThisPid()), LoaderState::kUnknown);
  EXPECT_EQ(CheckLoader("", ThisPid()), LoaderState::kUnknown);
  EXPECT_EQ(CheckLoader(ThisHost(), 0), LoaderState::kUnknown);
  EXPECT_EQ(CheckLoader(ThisHost(), -1), LoaderState::kUnknown);
}

}  // namespace
}  // namespace tracedb::testing::trace_catalog_test

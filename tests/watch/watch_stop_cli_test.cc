// tracedb watch, run as the real binary on both backends, sharing and
// stopping: three watchers on one folder, the files of a stopped watcher
// taken over, SIGTERM in the middle of a load with and without a grace
// period, and its arguments.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "db/loader_process.h"
#include "support/backend_support.h"
#include "support/test_support.h"
#include "watch_cli.h"

namespace tracedb::testing::watch_cli::watch_stop_cli_test {
namespace {

using namespace std::chrono_literals;

TEST_P(WatchCli, ThreeWatchersShareOneFolderAndTakeEachFileOnce) {
  TestDatabase database(GetParam(), "watch_three");
  std::string dir = FreshDir("three");
  std::string args = "--db '" + database.url() + "' --stable-seconds 0.3 --jobs 2 " + dir;
  std::vector<std::unique_ptr<WatchProcess>> watchers;
  for (int w = 0; w < 3; ++w) {
    watchers.push_back(std::make_unique<WatchProcess>(args, "three" + std::to_string(w)));
    ASSERT_TRUE(watchers.back()->started());
  }
  ASSERT_TRUE(WaitFor([&] {
    return Exists(dir + "/.working") &&
           std::distance(fs::directory_iterator(dir + "/.working"), fs::directory_iterator()) == 3;
  }));
  std::vector<std::string> names;
  for (int i = 1; i <= 30; ++i) {
    names.push_back("t" + std::to_string(100 + i) + ".paje");
    Write(dir + "/" + names.back() + ".part", StatesTrace(i));
    fs::rename(dir + "/" + names.back() + ".part", dir + "/" + names.back());
  }
  ASSERT_TRUE(WaitFor([&] { return Files(dir + "/done").size() == 30; }, 120s))
      << watchers[0]->err() << watchers[1]->err() << watchers[2]->err();
  std::vector<std::string> lines;
  for (auto& watcher : watchers) {
    EXPECT_EQ(watcher->Stop(SIGTERM), 0);
    for (const std::string& line : LogLines(watcher->err())) lines.push_back(line);
  }
  std::vector<std::string> files_logged;
  for (const std::string& line : lines) {
    std::smatch done;
    ASSERT_TRUE(std::regex_match(
        line, done,
        std::regex("done " + dir + "/(t[0-9]+\\.paje) -> trace [0-9]+ \\([0-9]+ rows, S s\\)")))
        << line;
    files_logged.push_back(done[1]);
  }
  EXPECT_EQ(Sorted(files_logged), names);
  EXPECT_EQ(Files(dir + "/done"), names);
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/failed"), std::vector<std::string>{});
  EXPECT_TRUE(fs::is_empty(dir + "/.working"));
  EXPECT_EQ(
      database.Rows("SELECT status, count(*), count(DISTINCT name) FROM trace GROUP BY status"),
      std::vector<std::string>{"complete|30|30"});
}

// Files held by a watcher that stopped beating (another host's: its
// folder does not change for --takeover-seconds) or whose process is gone
// (this host's: its folder does not change for 2 s) go back to the folder
// and are loaded.
TEST_P(WatchCli, TheFilesOfAStoppedWatcherAreTakenOver) {
  TestDatabase database(GetParam(), "watch_takeover");
  std::string dir = FreshDir("takeover");
  std::string silent = dir + "/.working/otherhost.4242";
  // No pid is that high (pid_max is at most 2^22): surely gone.
  std::string dead = dir + "/.working/" + ThisHost() + ".99999999";
  fs::create_directories(silent);
  fs::create_directories(dead);
  Write(silent + "/a.paje", StatesTrace(1));
  Write(dead + "/b.paje", StatesTrace(2));
  WatchProcess watch("--db '" + database.url() + "' --stable-seconds 0 --takeover-seconds 5 " + dir,
                     "takeover");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done") && Files(dir + "/done").size() == 2; }))
      << watch.err();
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  std::vector<std::string> lines = LogLines(watch.err());
  ASSERT_EQ(lines.size(), 4u) << watch.err();
  EXPECT_EQ(lines[0], "took over " + dead + " (its process is gone): 1 file(s) back in " + dir);
  EXPECT_EQ(lines[1], "done " + dir + "/b.paje -> trace 1 (6 rows, S s)");
  EXPECT_TRUE(std::regex_match(
      lines[2], std::regex("took over " + silent +
                           " \\(silent for [5-9] s\\): 1 file\\(s\\) back in " + dir)))
      << lines[2];
  EXPECT_EQ(lines[3], "done " + dir + "/a.paje -> trace 2 (5 rows, S s)");
  EXPECT_FALSE(Exists(silent));
  EXPECT_FALSE(Exists(dead));
}

// SIGTERM while a big trace loads, with no grace: the load is abandoned,
// the archive holds nothing of it, and the file stays in the folder.
TEST_P(WatchCli, SigtermAbandonsATraceInTheMiddleAndLeavesItsFile) {
  TestDatabase database(GetParam(), "watch_sigterm");
  std::string dir = FreshDir("sigterm");
  std::string big = WriteTempFile("watch_big.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 40M " + big).c_str()), 0);
  fs::rename(big, dir + "/big.paje");
  WatchProcess watch("--db '" + database.url() + "' --stable-seconds 0 --grace-seconds 0 " + dir,
                     "sigterm");
  ASSERT_TRUE(watch.started());
  // In the middle: its trace row says loading and rows are being written.
  ASSERT_TRUE(WaitFor([&] {
    try {
      return database.Rows("SELECT status FROM trace") == std::vector<std::string>{"loading"};
    } catch (const std::exception&) {
      return false;  // the watcher has not made the schema yet
    }
  })) << watch.err();
  CliRun list = Tracedb("list --db '" + database.url() + "'");
  EXPECT_NE(list.out.find("big.paje  loading"), std::string::npos) << list.out;
  if (sqlite()) {
    ASSERT_TRUE(WaitFor([&] { return fs::file_size(database.url() + ".load-1") > 0; }));
  }
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  EXPECT_EQ(LogLines(watch.err()),
            std::vector<std::string>{"abandoned " + dir +
                                     "/big.paje: stopped before it was loaded; left in " + dir});
  EXPECT_EQ(Files(dir), std::vector<std::string>{"big.paje"});
  EXPECT_EQ(Files(dir + "/done"), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/failed"), std::vector<std::string>{});
  EXPECT_EQ(database.Rows("SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  EXPECT_EQ(database.RowCounts(1), NoTraceRows());
  if (sqlite()) {
    EXPECT_FALSE(Exists(database.url() + ".load-1"));
  } else {
    EXPECT_EQ(database.Rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'trace_part'"),
              std::vector<std::string>{"0"});
  }
}

// With a grace period, SIGTERM lets the running load finish and stops.
TEST(WatchStop, SigtermLetsARunningLoadFinishWithinTheGrace) {
  std::string db = WriteTempFile("watch_grace.sqlite", "");
  fs::remove(db);
  std::string dir = FreshDir("grace");
  std::string big = WriteTempFile("watch_grace.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 10M " + big).c_str()), 0);
  fs::rename(big, dir + "/grace.paje");
  WatchProcess watch("--db " + db + " --stable-seconds 0 --grace-seconds 120 " + dir, "grace");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(db + ".load-1"); })) << watch.err();
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  std::vector<std::string> lines = LogLines(watch.err());
  ASSERT_EQ(lines.size(), 1u) << watch.err();
  EXPECT_EQ(lines[0].rfind("done " + dir + "/grace.paje -> trace 1 (", 0), 0u) << lines[0];
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"), std::vector<std::string>{"grace.paje"});
  EXPECT_EQ(Tracedb("query --csv --db " + db + " 'SELECT id, status FROM trace'").out,
            "id,status\n1,complete\n");
}

TEST(WatchArgs, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(Tracedb("watch --db x.sqlite").exit_code, 2);
  EXPECT_EQ(Tracedb("watch --jobs 0 --db x.sqlite .").exit_code, 2);
  EXPECT_EQ(Tracedb("watch --stable-seconds -1 --db x.sqlite .").exit_code, 2);
  CliRun missing = Tracedb("watch --once --db x.sqlite /nonexistent/folder");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "/nonexistent/folder: not a folder\n");
}

}  // namespace
}  // namespace tracedb::testing::watch_cli::watch_stop_cli_test

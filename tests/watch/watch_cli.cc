// tracedb watch, run as the real binary on both backends: files that appear
// while it runs, files still being written, a bad file going to failed/
// with its error, restarts that load nothing twice, --jobs, Paraver
// companions, and SIGTERM in the middle of a load.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <thread>

#include "db/loader_process.h"
#include "support/backend_support.h"
#include "support/test_support.h"

extern char** environ;

namespace tracedb::testing::watch_cli_test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Four containers, two states, an event, two variable values, a link: 10 rows.
const char* kBody =
    "8 1.0 S t1 A\n"
    "9 2.0 S t1 B\n"
    "10 3.0 S t1\n"
    "12 2.5 E t2 hello\n"
    "13 1.0 V t2 5\n"
    "14 2.0 V t2 2\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

// A trace of `states` states on thread1, so that each is different: 4 + states rows.
std::string StatesTrace(int states) {
  std::string body;
  for (int i = 0; i < states; ++i) {
    body += "8 " + std::to_string(i) + ".0 S t1 A\n10 " + std::to_string(i) + ".5 S t1\n";
  }
  return Header() + body;
}

// An empty folder of its own in the test's temporary folder.
std::string FreshDir(const std::string& name) {
  fs::path dir = WriteTempFile(name, "");
  fs::remove_all(dir);
  fs::create_directory(dir);
  return dir.string();
}

void Write(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

void Append(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary | std::ios::app) << content;
}

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The names of the regular files in `dir`, sorted.
std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) names.push_back(entry.path().filename().string());
  }
  return Sorted(names);
}

bool Exists(const std::string& path) { return fs::exists(path); }

// The watcher's stderr lines, durations ("0.3 s") replaced by "S s".
// The watcher's lines about traces, without their times (the UTC stamp in
// front, the seconds a load took) and without its opening line.
std::vector<std::string> LogLines(const std::string& text) {
  static const std::regex kStamp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z ");
  static const std::regex kSeconds(", [0-9]+\\.[0-9] s\\)");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::string bare = std::regex_replace(line, kStamp, "");
    if (bare == line) {
      lines.push_back("(no time) " + line);
      continue;
    }
    if (bare.starts_with("watching ") || bare.starts_with("loading what is in ")) continue;
    lines.push_back(std::regex_replace(bare, kSeconds, ", S s)"));
  }
  return lines;
}

// `tracedb watch` running in the background, a child of the test so that
// its exit status can be had.
class WatchProcess {
 public:
  WatchProcess(const std::string& args, const std::string& name)
      : err_(WriteTempFile(name + ".err", "")) {
    std::string command =
        "exec " + std::string(TRACEDB_BINARY) + " watch " + args + " >/dev/null 2>" + err_;
    const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
    if (posix_spawn(&pid_, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) != 0) {
      pid_ = -1;
    }
  }
  ~WatchProcess() {
    if (pid_ > 0) Stop(SIGKILL);
  }

  bool started() const { return pid_ > 0; }
  // Sends `signal` and returns the exit code (128 + N when signal N ended it).
  int Stop(int signal = SIGTERM) {
    ::kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  std::string err() const { return Read(err_); }

 private:
  std::string err_;
  pid_t pid_ = -1;
};

class WatchCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }
};

TEST_P(WatchCli, LoadsFilesThatAppearWhileItRuns) {
  TestDatabase database(GetParam(), "watch_appear");
  std::string dir = FreshDir("appear");
  WatchProcess watch("--db '" + database.url() + "' --stable-seconds 0.2 " + dir, "appear");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done"); }));
  Write(dir + "/a.paje", Header() + kBody);
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done/a.paje"); })) << watch.err();
  Write(dir + "/b.paje", StatesTrace(3));
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done/b.paje"); })) << watch.err();
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  EXPECT_EQ(LogLines(watch.err()),
            (std::vector<std::string>{"done " + dir + "/a.paje -> trace 1 (10 rows, S s)",
                                      "done " + dir + "/b.paje -> trace 2 (7 rows, S s)"}));
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"), (std::vector<std::string>{"a.paje", "b.paje"}));
  EXPECT_EQ(Files(dir + "/failed"), std::vector<std::string>{});
  EXPECT_EQ(database.Rows("SELECT id, name, status, path FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|a.paje|complete|" + dir + "/a.paje",
                                      "2|b.paje|complete|" + dir + "/b.paje"}));
  EXPECT_EQ(database.RowCounts(1),
            (std::vector<std::string>{"container=4", "event=1", "event_summary=1", "link=1",
                                      "link_summary=1", "state=2", "state_profile=512",
                                      "state_summary=2", "type=7", "value=4", "variable=2",
                                      "variable_summary=1"}));
}

// A file that keeps growing, and one named .part until it is complete, are
// left alone; a third file, complete from the start, shows meanwhile that
// the watcher did look at them.
TEST_P(WatchCli, WaitsForFilesStillBeingWritten) {
  TestDatabase database(GetParam(), "watch_partial");
  std::string dir = FreshDir("partial");
  Write(dir + "/part.paje.part", Header() + kBody);
  Write(dir + "/growing.paje", Header());
  // 3 s, not 1: the ASan suite (four shards on two cores) once stalled the
  // appends below for a second, and the watcher rightly took the file.
  WatchProcess watch("--db '" + database.url() + "' --stable-seconds 3 " + dir, "partial");
  ASSERT_TRUE(watch.started());
  Write(dir + "/marker.paje", StatesTrace(1));
  // A state every 50 ms, never still for 3 s, until the marker was loaded.
  int states = 0;
  auto deadline = std::chrono::steady_clock::now() + 60s;
  while (!Exists(dir + "/done/marker.paje") && std::chrono::steady_clock::now() < deadline) {
    std::string t = std::to_string(states++);
    Append(dir + "/growing.paje", "8 " + t + ".0 S t1 A\n10 " + t + ".5 S t1\n");
    std::this_thread::sleep_for(50ms);
  }
  ASSERT_TRUE(Exists(dir + "/done/marker.paje")) << watch.err();
  EXPECT_EQ(Files(dir), (std::vector<std::string>{"growing.paje", "part.paje.part"}));
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done/growing.paje"); })) << watch.err();
  EXPECT_EQ(Files(dir), std::vector<std::string>{"part.paje.part"});
  fs::rename(dir + "/part.paje.part", dir + "/part.paje");
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done/part.paje"); })) << watch.err();
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  EXPECT_EQ(LogLines(watch.err()),
            (std::vector<std::string>{"done " + dir + "/marker.paje -> trace 1 (5 rows, S s)",
                                      "done " + dir + "/growing.paje -> trace 2 (" +
                                          std::to_string(4 + states) + " rows, S s)",
                                      "done " + dir + "/part.paje -> trace 3 (10 rows, S s)"}));
  EXPECT_EQ(database.Rows("SELECT id, name, status, state_count FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|marker.paje|complete|1",
                                      "2|growing.paje|complete|" + std::to_string(states),
                                      "3|part.paje|complete|2"}));
  EXPECT_EQ(Files(dir + "/done"),
            (std::vector<std::string>{"growing.paje", "marker.paje", "part.paje"}));
}

// --once used to take only the files already stable at its one scan, and
// exit silently: now it waits for each file of the start to stop changing,
// and names the one that does not in time. Every line says when.
TEST_P(WatchCli, OnceWaitsForFilesOfTheStartAndNamesOneThatKeepsChanging) {
  TestDatabase database(GetParam(), "watch_once_wait");
  std::string dir = FreshDir("once_wait");
  Write(dir + "/fresh.paje", Header() + kBody);
  std::string growing = dir + "/growing.paje";
  Write(growing, Header());
  // Appends a line every 0.1 s for 10 s, from before the watcher starts.
  // It stops once the test's folder is gone. A file counts as stable after
  // 3 s, not 1: a loaded machine (the sanitizer suites' shards) can stall
  // this loop for a second, and the watcher would rightly take the file.
  std::string writer = "for i in $(seq 100); do [ -e " + growing + " ] || exit; echo '# more' >> " +
                       growing + "; sleep 0.1; done &";
  ASSERT_EQ(std::system(writer.c_str()), 0);
  CliRun run = Tracedb("watch --once --stable-seconds 3 --db '" + database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::smatch start;
  ASSERT_TRUE(std::regex_search(
      run.err, start,
      std::regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z loading what is in (.*) "
                 "into (.*) \\(1 job\\(s\\); a file is taken once unchanged for 3 s\\)\n")))
      << run.err;
  EXPECT_EQ(start[1].str(), dir);
  // The skip is named at 3 s plus two ticks, while fresh.paje's load (which
  // starts at 3 s) may still run: the two lines come in either order.
  std::vector<std::string> lines = LogLines(run.err);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "done " + dir + "/fresh.paje -> trace 1 (10 rows, S s)",
                       "skipped " + growing + ": still changing after 3 s; left in " + dir}));
  EXPECT_EQ(Files(dir), std::vector<std::string>{"growing.paje"});
  EXPECT_EQ(Files(dir + "/done"), std::vector<std::string>{"fresh.paje"});
}

TEST_P(WatchCli, ABadFileGoesToFailedWithItsErrorBesideIt) {
  TestDatabase database(GetParam(), "watch_bad");
  std::string dir = FreshDir("bad");
  Write(dir + "/a.paje", Header() + kBody);
  Write(dir + "/b.paje", Header() + "8 1.0 S t1 A\n12 2.0 E nosuch x\n");
  CliRun run = Tracedb("watch --once --stable-seconds 0 --db '" + database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 1);
  std::string error =
      dir + "/b.paje:" + std::to_string(BodyLine(2)) + ": unknown container 'nosuch'";
  EXPECT_EQ(LogLines(run.err),
            (std::vector<std::string>{"done " + dir + "/a.paje -> trace 1 (10 rows, S s)",
                                      "failed " + dir + "/b.paje: " + error}));
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"), std::vector<std::string>{"a.paje"});
  EXPECT_EQ(Files(dir + "/failed"), (std::vector<std::string>{"b.paje", "b.paje.log"}));
  EXPECT_EQ(Read(dir + "/failed/b.paje.log"), error + "\n");
  EXPECT_EQ(database.Rows("SELECT id, name, status, error FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|a.paje|complete|NULL", "2|b.paje|failed|" + error}));
  EXPECT_EQ(database.RowCounts(2),
            NoTraceRows());
}

// A file that comes again (the watcher stopped before moving it, or it was
// delivered twice) goes to done/ under a free name without a second load.
TEST_P(WatchCli, ARestartLoadsNothingTwice) {
  TestDatabase database(GetParam(), "watch_restart");
  std::string dir = FreshDir("restart");
  std::string watch = "watch --once --stable-seconds 0 --db '" + database.url() + "' " + dir;
  Write(dir + "/a.paje", Header() + kBody);
  Write(dir + "/b.paje", StatesTrace(2));
  CliRun first = Tracedb(watch);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  Write(dir + "/a.paje", Header() + kBody);
  Write(dir + "/c.paje", StatesTrace(3));
  CliRun second = Tracedb(watch);
  EXPECT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(
      LogLines(second.err),
      (std::vector<std::string>{"done " + dir + "/a.paje -> trace 1 (already in the database)",
                                "done " + dir + "/c.paje -> trace 3 (7 rows, S s)"}));
  CliRun third = Tracedb(watch);
  EXPECT_EQ(third.exit_code, 0) << third.err;
  EXPECT_EQ(LogLines(third.err), std::vector<std::string>{});
  EXPECT_EQ(
      database.Rows("SELECT id, name, status FROM trace ORDER BY id"),
      (std::vector<std::string>{"1|a.paje|complete", "2|b.paje|complete", "3|c.paje|complete"}));
  EXPECT_EQ(database.Rows("SELECT trace_id, count(*) FROM state GROUP BY trace_id ORDER BY 1"),
            (std::vector<std::string>{"1|2", "2|2", "3|3"}));
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"),
            (std::vector<std::string>{"a-2.paje", "a.paje", "b.paje", "c.paje"}));
}

// Two loads at a time; two files of the same content among them still
// make one trace.
TEST_P(WatchCli, LoadsSeveralFilesAtOnceWithJobs) {
  TestDatabase database(GetParam(), "watch_jobs");
  std::string dir = FreshDir("jobs");
  for (int i = 1; i <= 4; ++i) Write(dir + "/f" + std::to_string(i) + ".paje", StatesTrace(i));
  Write(dir + "/copy.paje", StatesTrace(1));
  CliRun run =
      Tracedb("watch --once --jobs 2 --stable-seconds 0 --db '" + database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"),
            (std::vector<std::string>{"copy.paje", "f1.paje", "f2.paje", "f3.paje", "f4.paje"}));
  // copy.paje and f1.paje start together: either may load, the other waits
  // for it and finds it there.
  std::vector<std::string> traces = database.Rows(
      "SELECT name || '|' || status || '|' || state_count FROM trace WHERE name <> 'copy.paje' "
      "AND name <> 'f1.paje' ORDER BY name");
  EXPECT_EQ(traces, (std::vector<std::string>{"f2.paje|complete|2", "f3.paje|complete|3",
                                              "f4.paje|complete|4"}));
  std::vector<std::string> first = database.Rows(
      "SELECT status || '|' || state_count FROM trace WHERE name IN ('copy.paje', 'f1.paje')");
  EXPECT_EQ(first, std::vector<std::string>{"complete|1"});
  std::vector<std::string> lines = LogLines(run.err);
  EXPECT_EQ(lines.size(), 5u) << run.err;
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& line) {
                            return line.find("(already in the database)") != std::string::npos;
                          }),
            1);
}

TEST_P(WatchCli, AParaverTraceMovesWithItsCompanions) {
  TestDatabase database(GetParam(), "watch_paraver");
  std::string dir = FreshDir("paraver");
  Write(dir + "/run.prv",
        "#Paraver (09/10/2019 at 16:08):2000_ns:1(2):1:2(1:1,1:1),2\n"
        "1:1:1:1:1:0:1234567:1\n");
  Write(dir + "/run.pcf", "STATES\n1 Running\n");
  Write(dir + "/run.row", "LEVEL THREAD SIZE 2\nmain\nworker\n");
  CliRun run = Tracedb("watch --once --stable-seconds 0 --db '" + database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"), (std::vector<std::string>{"run.pcf", "run.prv", "run.row"}));
  EXPECT_EQ(database.Rows("SELECT name, format, status FROM trace"),
            std::vector<std::string>{"run.prv|paraver|complete"});
  EXPECT_EQ(database.Rows("SELECT value FROM state_view"), std::vector<std::string>{"Running"});
}

const char* kPrv =
    "#Paraver (09/10/2019 at 16:08):2000_ns:1(2):1:2(1:1,1:1),2\n"
    "1:1:1:1:1:0:1234567:1\n";

// A .prv stable before its .pcf and .row are written waits for them (30 s
// at most here: a slow machine still writes them in time).
TEST_P(WatchCli, ATraceWaitsForLateCompanions) {
  TestDatabase database(GetParam(), "watch_late");
  std::string dir = FreshDir("late");
  WatchProcess watch(
      "--db '" + database.url() + "' --stable-seconds 0.2 --companion-seconds 30 " + dir, "late");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done"); }));
  Write(dir + "/run.prv", kPrv);
  std::this_thread::sleep_for(1s);  // stable, and waiting
  EXPECT_EQ(Files(dir), std::vector<std::string>{"run.prv"});
  Write(dir + "/run.pcf", "STATES\n1 Running\n");
  Write(dir + "/run.row", "LEVEL THREAD SIZE 2\nmain\nworker\n");
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done/run.prv"); })) << watch.err();
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  EXPECT_EQ(LogLines(watch.err()),
            std::vector<std::string>{"done " + dir + "/run.prv -> trace 1 (10 rows, S s)"});
  EXPECT_EQ(Files(dir), std::vector<std::string>{});
  EXPECT_EQ(Files(dir + "/done"), (std::vector<std::string>{"run.pcf", "run.prv", "run.row"}));
  EXPECT_EQ(database.Rows("SELECT value FROM state_view"), std::vector<std::string>{"Running"});
}

// A .pcf whose trace does not come goes to failed/ once this watcher has
// seen it for as long as a trace waits for its companions, even with an
// old modification time (rsync -a); one whose trace is on its way as
// NAME.prv.part stays.
TEST_P(WatchCli, ACompanionAloneGoesToFailedAndOneWithATraceOnItsWayStays) {
  TestDatabase database(GetParam(), "watch_alone");
  std::string dir = FreshDir("alone");
  Write(dir + "/alone.pcf", "STATES\n1 Running\n");
  fs::last_write_time(dir + "/alone.pcf", fs::file_time_type::clock::now() - 3600s);
  Write(dir + "/coming.pcf", "STATES\n1 Running\n");
  Write(dir + "/coming.prv.part", kPrv);
  WatchProcess watch(
      "--db '" + database.url() + "' --stable-seconds 0.2 --companion-seconds 1 " + dir, "alone");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/failed/alone.pcf"); })) << watch.err();
  std::this_thread::sleep_for(1500ms);  // as long again: coming.pcf stays
  EXPECT_EQ(Files(dir), (std::vector<std::string>{"coming.pcf", "coming.prv.part"}));
  EXPECT_EQ(watch.Stop(SIGTERM), 0);
  std::string error = dir +
                      "/alone.pcf: a companion without its trace (no trace of that name came in "
                      "1.2 s; a trace loaded before it came is in done/ without it)";
  EXPECT_EQ(LogLines(watch.err()), std::vector<std::string>{"failed " + error});
  EXPECT_EQ(Files(dir + "/failed"), (std::vector<std::string>{"alone.pcf", "alone.pcf.log"}));
  EXPECT_EQ(Read(dir + "/failed/alone.pcf.log"), error + "\n");
}

// --once waits for a companion alone as the watcher would, then moves it to
// failed/ (exit 1: a cron job of --once runs would else leave it in DIR for
// ever); a companion whose trace is there, or on its way, stays.
TEST_P(WatchCli, OnceMovesACompanionAloneToFailedAfterTheWait) {
  TestDatabase database(GetParam(), "watch_once_alone");
  std::string dir = FreshDir("once_alone");
  Write(dir + "/alone.row", "LEVEL THREAD SIZE 1\nmain\n");
  fs::last_write_time(dir + "/alone.row", fs::file_time_type::clock::now() - 3600s);
  Write(dir + "/coming.pcf", "STATES\n1 Running\n");
  Write(dir + "/coming.prv.part", kPrv);
  auto start = std::chrono::steady_clock::now();
  CliRun run = Tracedb("watch --once --stable-seconds 0.2 --companion-seconds 1 --db '" +
                       database.url() + "' " + dir);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 1200ms);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  std::string error = dir +
                      "/alone.row: a companion without its trace (no trace of that name came in "
                      "1.2 s; a trace loaded before it came is in done/ without it)";
  EXPECT_EQ(LogLines(run.err), std::vector<std::string>{"failed " + error});
  EXPECT_EQ(Files(dir), (std::vector<std::string>{"coming.pcf", "coming.prv.part"}));
  EXPECT_EQ(Files(dir + "/failed"), (std::vector<std::string>{"alone.row", "alone.row.log"}));
  EXPECT_EQ(Read(dir + "/failed/alone.row.log"), error + "\n");
  // Nothing alone: no wait, exit 0.
  start = std::chrono::steady_clock::now();
  run = Tracedb("watch --once --stable-seconds 0.2 --companion-seconds 30 --db '" + database.url() +
                "' " + dir);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(LogLines(run.err), std::vector<std::string>{});
}

// Companions that never come: after --companion-seconds the trace loads
// without them, and the log says what it lacks.
TEST_P(WatchCli, ATraceWhoseCompanionsNeverComeLoadsWithAWarning) {
  TestDatabase database(GetParam(), "watch_no_companions");
  std::string dir = FreshDir("no_companions");
  Write(dir + "/run.prv", kPrv);
  CliRun run = Tracedb("watch --once --stable-seconds 0 --companion-seconds 0.5 --db '" +
                       database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(LogLines(run.err),
            (std::vector<std::string>{
                "warning " + dir +
                    "/run.prv: no run.pcf beside it, so states and events keep their numbers "
                    "(--pcf names one)",
                "warning " + dir +
                    "/run.prv: no run.row beside it, so containers get default names such as "
                    "THREAD 1.1.1 (--row names one)",
                "done " + dir + "/run.prv -> trace 1 (10 rows, S s)"}));
  EXPECT_EQ(Files(dir + "/done"), std::vector<std::string>{"run.prv"});
  EXPECT_EQ(database.Rows("SELECT value FROM state_view"), std::vector<std::string>{"1"});
}

// Three watchers on one folder, as on three hosts sharing it: each of 30
// files is taken by one of them, loaded once, logged once and moved once.
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
  EXPECT_EQ(database.RowCounts(1),
            NoTraceRows());
  if (sqlite()) {
    EXPECT_FALSE(Exists(database.url() + ".load-1"));
  } else {
    EXPECT_EQ(database.Rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'trace_part'"),
              std::vector<std::string>{"0"});
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, WatchCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

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
}  // namespace tracedb::testing::watch_cli_test

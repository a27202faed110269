// tracedb watch, run as the real binary on both backends, loading what comes:
// files that appear while it runs, files still being written, a bad file
// going to failed/ with its error, restarts that load nothing twice, --jobs,
// and Paraver traces with their companions, on time or late.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"
#include "watch_cli.h"

namespace tracedb::testing::watch_cli::watch_load_cli_test {
namespace {

using namespace std::chrono_literals;

TEST_P(WatchCli, LoadsFilesThatAppearWhileItRuns) {
  TestDatabase database(GetParam(), "watch_appear");
  std::string dir = FreshDir("appear");
  WatchProcess watch("--db '" + database.url() + "' --stable-seconds 0.2 " + dir, "appear");
  ASSERT_TRUE(watch.started());
  ASSERT_TRUE(WaitFor([&] { return Exists(dir + "/done"); }));
  Write(dir + "/a.paje", Header() + kEveryKindBody);
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
  Write(dir + "/part.paje.part", Header() + kEveryKindBody);
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
  Write(dir + "/fresh.paje", Header() + kEveryKindBody);
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
  Write(dir + "/a.paje", Header() + kEveryKindBody);
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
  Write(dir + "/a.paje", Header() + kEveryKindBody);
  Write(dir + "/b.paje", StatesTrace(2));
  CliRun first = Tracedb(watch);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  Write(dir + "/a.paje", Header() + kEveryKindBody);
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

}  // namespace
}  // namespace tracedb::testing::watch_cli::watch_load_cli_test

// The analysis commands on both backends: tracedb profile (from the
// summaries and clipped to a window), comm and compare, with exact output
// on tiny traces, the refusals of traces and windows they cannot answer
// for, and, over the whole conformance corpus, a window of a trace's whole
// span giving what the summaries give.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "analysis/flat_profile.h"
#include "analysis/gantt_data.h"
#include "analysis/window_states.h"
#include "chart/gantt_cells.h"
#include "db/loader_process.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_load.h"
#include "pipeline/open_archive.h"
#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::analysis_cli_test {
namespace {

uint32_t Big32(const std::string& bytes, size_t at) {
  return (uint32_t{uint8_t(bytes[at])} << 24) | (uint32_t{uint8_t(bytes[at + 1])} << 16) |
         (uint8_t(bytes[at + 2]) << 8) | uint8_t(bytes[at + 3]);
}

// The test's own scratch folder.
std::string Folder() {
  return std::filesystem::path(WriteTempFile(".folder", "")).parent_path().string();
}

std::string Base64Decoded(const std::string& text) {
  static const std::string kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i + 3 < text.size(); i += 4) {
    uint32_t n = 0;
    for (size_t k = 0; k < 4; ++k) n = n << 6 | static_cast<uint32_t>(kDigits.find(text[i + k]));
    out += {static_cast<char>(n >> 16), static_cast<char>(n >> 8), static_cast<char>(n)};
  }
  return out;
}

// thread1 under node1 and thread1 under node2; B pushed on A in node2's,
// from 2.0 to 2.5. Every container lives from 0 to 3.
const char* kTwins =
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "8 1.0 S t1 A\n"
    "8 1.0 S u1 A\n"
    "16 1.5 L 0 m t1 k1\n"
    "9 2.0 S u1 B\n"
    "16 2.0 L 0 m u1 k2\n"
    "17 2.25 L 0 m t1 k2\n"
    "10 2.5 S u1\n"
    "17 2.5 L 0 m u1 k1\n"
    "16 2.5 L 0 m u1 k3\n"
    "9 2.75 S t1 C\n"
    "10 2.75 S t1\n"
    "17 3.0 L 0 m t1 k3\n";

// Links with sizes (a start half with a Size field, event 18) and without:
// node1/thread1 -> node1/thread2 twice (150 bytes, 1.5 s), node1/thread2 ->
// node2/thread1 once (10 bytes), node2/thread1 -> node1/thread1 twice (no
// size).
const char* kMessages =
    "%EventDef PajeStartLink 18\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% StartContainer string\n% Key string\n% Size int\n%EndEventDef\n"
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "18 1.0 L 0 m t1 a 100\n"
    "18 1.0 L 0 m t1 b 50\n"
    "17 1.5 L 0 m t2 a\n"
    "18 1.5 L 0 m t2 c 10\n"
    "17 2.0 L 0 m t2 b\n"
    "16 2.0 L 0 m u1 d\n"
    "17 2.25 L 0 m u1 c\n"
    "17 2.5 L 0 m t1 d\n"
    "16 2.5 L 0 m u1 e\n"
    "17 3.0 L 0 m t1 e\n";

// Twins again, a second run that ends at 4.0: node2/thread1's B takes a
// second longer (2.0 to 3.5), node1/thread1 has a D; C is gone.
const char* kTwinsLater =
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "8 1.0 S t1 A\n"
    "8 1.0 S u1 A\n"
    "9 2.0 S u1 B\n"
    "9 2.5 S t1 D\n"
    "10 2.75 S t1\n"
    "10 3.5 S u1\n"
    "7 4.0 T u1\n"
    "7 4.0 T t1\n";

class AnalysisCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "analysis");
  }
  bool postgres() const { return GetParam() == Backend::kPostgres; }
  const std::string& db() const { return database_->url(); }
  void Ingest(const std::string& name, const std::string& body) {
    CliRun run = Tracedb("ingest -q --db " + db() + " " + WriteTempFile(name, Header() + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  CliRun Profile(const std::string& args) { return Tracedb("profile --db " + db() + " " + args); }
  // The refusal of `args`: exit code 1, nothing on stdout, stderr's line.
  std::string Refusal(const std::string& args) {
    CliRun run = Profile(args);
    EXPECT_EQ(run.exit_code, 1) << args;
    EXPECT_EQ(run.out, "") << args;
    return run.err;
  }
  std::optional<TestDatabase> database_;
};

TEST_P(AnalysisCli, ProfileOverAllContainersFromTheSummaries) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("--csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // A: 2 + 2 s, 0.5 of it under B; the lifetimes of the two containers
  // with states: 6 s. C lasts no time.
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "State,A,2,4.0,3.5,0.666666666666667\n"
            "State,B,1,0.5,0.5,0.0833333333333333\n"
            "State,C,1,0.0,0.0,0.0\n");
}

TEST_P(AnalysisCli, ProfilePerContainerKeepsSameNamedContainersApart) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("--by container --csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path,type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "node1/thread1,State,A,1,2.0,2.0,0.666666666666667\n"
            "node2/thread1,State,A,1,2.0,1.5,0.666666666666667\n"
            "node2/thread1,State,B,1,0.5,0.5,0.166666666666667\n"
            "node1/thread1,State,C,1,0.0,0.0,0.0\n");
}

TEST_P(AnalysisCli, ProfileAsATextTableShowsSharesAsPercentages) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type   value  count  inclusive_seconds  exclusive_seconds  share\n"
            "State  A          2                4.0                3.5  66.7%\n"
            "State  B          1                0.5                0.5   8.3%\n"
            "State  C          1                0.0                0.0   0.0%\n");
}

// [2.25, 2.75]: half a second of each A, a quarter of B (so a quarter of
// node2's A is exclusive); C, zero-long at 2.75, is in the window that
// begins there, not in the one that ends there: windows side by side
// count it once, as they do the states that end or begin at 2.75.
TEST_P(AnalysisCli, ProfileOfAWindowClipsEveryStateToIt) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("--from 2.25 --to 2.75 --csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "State,A,2,1.0,0.75,1.0\n"
            "State,B,1,0.25,0.25,0.25\n");
  for (std::string window : {"--from 2.75 --to 3.0", "--from 2.75"}) {
    run = Profile(window + " --csv 1");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out,
              "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
              "State,A,2,0.5,0.5,1.0\n"
              "State,C,1,0.0,0.0,0.0\n")
        << window;
  }
  run = Profile("--by container --from 2.25 --to 2.75 --json 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "[\n"
            "{\"container_path\":\"node1/thread1\",\"type\":\"State\",\"value\":\"A\",\"count\":1,"
            "\"inclusive_seconds\":0.5,\"exclusive_seconds\":0.5,\"share\":1.0},\n"
            "{\"container_path\":\"node2/thread1\",\"type\":\"State\",\"value\":\"A\",\"count\":1,"
            "\"inclusive_seconds\":0.5,\"exclusive_seconds\":0.25,\"share\":1.0},\n"
            "{\"container_path\":\"node2/thread1\",\"type\":\"State\",\"value\":\"B\",\"count\":1,"
            "\"inclusive_seconds\":0.25,\"exclusive_seconds\":0.25,\"share\":0.5}\n"
            "]\n");
  // Only --to: the window starts where the trace does. Before 1.0, no state.
  run = Profile("--to 1.0 --csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "type,value,count,inclusive_seconds,exclusive_seconds,share\n");
}

// A window's states are searched through the indexes, the trace named as a
// constant. PostgreSQL: each search names it itself (window_states.cc), so
// the plan holds no other trace's partition; through the outer row, the
// planner planned the partitions of every trace in the archive, its time
// growing with them. SQLite: every state comes from an index search, none
// from a scan of the table.
TEST_P(AnalysisCli, AWindowIsSearchedInItsTracesRowsOnly) {
  Ingest("twins.paje", kTwins);
  Ingest("later.paje", kTwinsLater);
  std::unique_ptr<Archive> archive = OpenArchive(db(), ArchiveAccess::kRead);
  std::string sql;
  archive->ReadComplete(2, [&](const SelectRows& select) {
    SelectRows seen = [&](const std::string& text) {
      sql = text;
      return select(text);
    };
    int states = 0;
    ReadWindowStates(archive->dialect(), seen, WindowQuery{.window = {2.0, 3.0}},
                     [&](const WindowState&) { ++states; });
    EXPECT_EQ(states, 4);  // A and D in node1/thread1, A and B in node2/thread1
  });
  ASSERT_NE(sql.find("$1"), std::string::npos);
  sql = std::regex_replace(sql, std::regex("\\$1"), "2");
  if (!postgres()) {
    std::vector<std::string> plan = database_->Rows("EXPLAIN QUERY PLAN " + sql);
    std::vector<std::string> states;
    for (const std::string& line : plan) {
      std::smatch step;
      if (std::regex_search(line, step, std::regex("(SCAN|SEARCH) s\\b.*")))
        states.push_back(step[0]);
    }
    ASSERT_EQ(states.size(), 2u) << ::testing::PrintToString(plan);
    for (const std::string& step : states)
      EXPECT_TRUE(step.starts_with("SEARCH s USING INDEX")) << step;
    return;
  }
  std::vector<std::string> plan = database_->Rows("EXPLAIN (COSTS OFF) " + sql);
  std::vector<std::string> partitions;
  std::regex partition("\\b(state(_duration|_summary)?|container)_[0-9]+\\b");
  for (const std::string& line : plan) {
    for (std::sregex_iterator m(line.begin(), line.end(), partition), end; m != end; ++m) {
      partitions.push_back(m->str());
    }
  }
  EXPECT_TRUE(std::all_of(partitions.begin(), partitions.end(), [](const std::string& name) {
    return name.ends_with("_2");
  })) << ::testing::PrintToString(partitions);
  EXPECT_FALSE(partitions.empty());
}

TEST_P(AnalysisCli, ProfileOfOneStateType) {
  Ingest("twins.paje", kTwins);
  EXPECT_EQ(Profile("--type State --csv 1").out, Profile("--csv 1").out);
  EXPECT_EQ(Refusal("--type Nope 1"),
            "tracedb: " + db() +
                ": trace 1 (twins.paje) has no state type 'Nope' (its state types: 'State')\n");
}

TEST_P(AnalysisCli, ProfileRefusesWhatItCannotAnswer) {
  Ingest("twins.paje", kTwins);
  std::string path = WriteTempFile("bad.paje", Header() + "9 1.0 S nowhere A\n");
  CliRun bad = Tracedb("ingest -q --db " + db() + " " + path);
  ASSERT_EQ(bad.exit_code, 1);
  std::string prefix = "tracedb: " + db() + ": ";
  EXPECT_EQ(Refusal("nosuch"), prefix + "no trace 'nosuch' (see tracedb list)\n");
  EXPECT_EQ(Refusal("2"), prefix +
                              "trace 2 (bad.paje) failed to load, so it has nothing to "
                              "show: " +
                              path + ":" + std::to_string(BodyLine(1)) +
                              ": unknown container 'nowhere'\n");
  EXPECT_EQ(Refusal("--from 2 --to 2 1"),
            prefix + "the window [2.0, 2.0] is empty: --from must be before --to\n");
  // One end alone: the other is the trace's.
  EXPECT_EQ(Refusal("--from 3 1"),
            prefix +
                "--from 3.0 is not before the end of trace 1 (twins.paje), which spans"
                " [0.0, 3.0]\n");
  EXPECT_EQ(Refusal("--to -1 1"),
            prefix +
                "--to -1.0 is not after the start of trace 1 (twins.paje), which spans"
                " [0.0, 3.0]\n");
  EXPECT_EQ(Refusal("--from 4 --to 5 1"),
            prefix +
                "the window [4.0, 5.0] is outside trace 1 (twins.paje), which spans [0.0, "
                "3.0]\n");
  database_->Exec("UPDATE trace SET profile_bins = NULL WHERE id = 1");
  EXPECT_EQ(Refusal("1"), prefix +
                              "trace 1 (twins.paje) has no summaries (an older tracedb "
                              "loaded it): tracedb summarize 1 computes them\n");
}

TEST_P(AnalysisCli, ProfileRefusesATraceStillLoading) {
  Ingest("twins.paje", kTwins);
  // Trace 2: this process is the loader; on PostgreSQL a live loader holds its
  // trace's advisory lock.
  std::optional<PgConnection> loader;
  if (postgres()) {
    loader.emplace(db());
    pqxx::nontransaction(loader->get())
        .exec("SELECT pg_advisory_lock(" + std::to_string(kLoadLock) + ", 2)");
  }
  database_->Exec(
      "INSERT INTO trace (name, path, format, sha256, ingested_at, tool_version, status,"
      " loader_host, loader_pid) VALUES ('live.paje', '/x', 'paje', '00',"
      " '2026-01-01T00:00:00Z', '0.1.0', 'loading', '" +
      ThisHost() + "', " + std::to_string(getpid()) + ")");
  EXPECT_EQ(Refusal("2"), "tracedb: " + db() +
                              ": trace 2 (live.paje) is still loading (or its load was "
                              "interrupted): try again once tracedb list shows it complete\n");
}

TEST_P(AnalysisCli, ProfileOptionsAreChecked) {
  CliRun run = Profile("--by thread 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb profile: --by must be value or container, not 'thread'\n"
            "(run 'tracedb profile --help' for usage)\n");
  run = Profile("--from soon 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb profile: --from must be a time of the trace (a number), not 'soon'\n"
            "(run 'tracedb profile --help' for usage)\n");
  EXPECT_EQ(Profile("").exit_code, 2);
  EXPECT_EQ(Profile("1 2").exit_code, 2);
}

TEST_P(AnalysisCli, CommListsTheBusiestPairsFirst) {
  Ingest("messages.paje", kMessages);
  CliRun run = Tracedb("comm --csv --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n"
            "Link,node1/thread1,node1/thread2,2,150,1.5\n"
            "Link,node2/thread1,node1/thread1,2,,1.0\n"
            "Link,node1/thread2,node2/thread1,1,10,0.75\n");
  run = Tracedb("comm --json --limit 1 --db " + db() + " 1");
  EXPECT_EQ(run.out,
            "[\n{\"type\":\"Link\",\"start_container_path\":\"node1/thread1\","
            "\"end_container_path\":\"node1/thread2\",\"messages\":2,\"bytes\":150,"
            "\"seconds\":1.5}\n]\n");
}

TEST_P(AnalysisCli, CommShowsTheSquareMatricesOfAFewContainers) {
  Ingest("messages.paje", kMessages);
  CliRun run = Tracedb("comm --limit 2 --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "messages, row to column\n"
            "                 1  2  3\n"
            "1 node1/thread1  .  2  .\n"
            "2 node1/thread2  .  .  1\n"
            "3 node2/thread1  2  .  .\n"
            "\n"
            "bytes, row to column\n"
            "                   1    2    3\n"
            "1 node1/thread1    .  150    .\n"
            "2 node1/thread2    .    .   10\n"
            "3 node2/thread1    .    .    .\n"
            "\n"
            "type  start_container_path  end_container_path  messages  bytes  seconds\n"
            "Link  node1/thread1         node1/thread2              2    150      1.5\n"
            "Link  node2/thread1         node1/thread1              2             1.0\n"
            "(the 2 busiest of 3 pairs; --limit 0 shows them all)\n");
}

// 33 senders: too many for a square; the list alone.
TEST_P(AnalysisCli, CommLeavesTheSquareOutPastThirtyTwoContainers) {
  std::string body;
  for (int i = 0; i < 33; ++i) {
    std::string k = std::to_string(i);
    body += "6 0 s" + k + " T n1 sender" + k + "\n16 1.0 L 0 m s" + k + " k" + k + "\n";
  }
  for (int i = 0; i < 33; ++i) body += "17 2.0 L 0 m t1 k" + std::to_string(i) + "\n";
  Ingest("many.paje", body);
  CliRun run = Tracedb("comm --limit 1 --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type  start_container_path  end_container_path  messages  bytes  seconds\n"
            "Link  node1/sender0         node1/thread1              1             1.0\n"
            "(the 1 busiest of 33 pairs; --limit 0 shows them all)\n");
}

TEST_P(AnalysisCli, CommOfATraceWithoutLinks) {
  Ingest("quiet.paje", "8 1.0 S t1 A\n");
  CliRun run = Tracedb("comm --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "trace 1 (quiet.paje) has no links\n");
  EXPECT_EQ(Tracedb("comm --csv --db " + db() + " 1").out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n");
  EXPECT_EQ(Tracedb("comm --json --db " + db() + " 1").out, "[]\n");
}

TEST_P(AnalysisCli, CompareMatchesValuesByNameLargestDifferenceFirst) {
  Ingest("twins.paje", kTwins);
  Ingest("later.paje", kTwinsLater);
  CliRun run = Tracedb("compare --csv --db " + db() + " 1 2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // Later, both As last 3 s (to 4.0): 6 s, of which B's 1.5 and D's 0.25
  // are not exclusive.
  EXPECT_EQ(run.out,
            "type,value,a_inclusive,a_exclusive,b_inclusive,b_exclusive,difference,ratio\n"
            "State,B,0.5,0.5,1.5,1.5,1.0,3.0\n"
            "State,A,4.0,3.5,6.0,4.25,0.75,1.21428571428571\n"
            "State,D,,,0.25,0.25,0.25,\n"
            "State,C,0.0,0.0,,,0.0,\n");
  run = Tracedb("compare --by container --db " + db() + " twins.paje later.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "a: trace 1 (twins.paje)\n"
            "b: trace 2 (later.paje)\n"
            "\n"
            "container_path  type   value  a_inclusive  a_exclusive  b_inclusive  b_exclusive"
            "  difference  ratio\n"
            "node2/thread1   State  B              0.5          0.5          1.5          1.5"
            "         1.0    3.0\n"
            "node1/thread1   State  A              2.0          2.0          3.0         2.75"
            "        0.75  1.375\n"
            "node1/thread1   State  D                                       0.25         0.25"
            "        0.25\n"
            "node1/thread1   State  C              0.0          0.0"
            "                                   0.0\n"
            "node2/thread1   State  A              2.0          1.5          3.0          1.5"
            "         0.0    1.0\n");
}

// Pajé names need not be unique: two thread1 under node1 were two rows of
// "node1/thread1" in profile and one that added them up in compare. Each
// is followed by its alias wherever a container is named. The trace ends
// at 2.0, its last event, and every state with it.
TEST_P(AnalysisCli, ContainersOfOnePathAreToldApartByAlias) {
  const std::string body =
      "6 0 t3 T n1 thread1\n"
      "8 1.0 S t1 A\n"
      "8 1.5 S t3 A\n"
      "8 2.0 S t2 A\n"
      "16 1.0 L 0 m t1 k\n"
      "17 2.0 L 0 m t3 k\n";
  Ingest("same-names.paje", body);
  CliRun run = Profile("--by container --csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path,type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "node1/thread1 [t1],State,A,1,1.0,1.0,0.5\n"
            "node1/thread1 [t3],State,A,1,0.5,0.5,0.25\n"
            "node1/thread2,State,A,1,0.0,0.0,0.0\n");
  run = Tracedb("compare --by container --csv --db " + db() + " 1 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path,type,value,a_inclusive,a_exclusive,b_inclusive,b_exclusive,"
            "difference,ratio\n"
            "node1/thread1 [t1],State,A,1.0,1.0,1.0,1.0,0.0,1.0\n"
            "node1/thread1 [t3],State,A,0.5,0.5,0.5,0.5,0.0,1.0\n"
            "node1/thread2,State,A,0.0,0.0,0.0,0.0,0.0,\n");
  run = Tracedb("comm --csv --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,start_container_path,end_container_path,messages,bytes,seconds\n"
            "Link,node1/thread1 [t1],node1/thread1 [t3],1,,1.0\n");
  // Without aliases to tell them apart (a database edited by hand), their ids do.
  database_->Exec("UPDATE container SET alias = NULL WHERE trace_id = 1 AND name = 'thread1'");
  run = Profile("--by container --csv 1");
  EXPECT_EQ(run.out,
            "container_path,type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "node1/thread1 [#2],State,A,1,1.0,1.0,0.5\n"
            "node1/thread1 [#4],State,A,1,0.5,0.5,0.25\n"
            "node1/thread2,State,A,1,0.0,0.0,0.0\n");
}

// A trace in microseconds since 1970, or before zero, spans its events,
// not [0, its last] as its root container does (PajeNG's): its list span,
// a window with one end given, and its Gantt chart's ticks.
TEST_P(AnalysisCli, ATraceSpansItsEventsFarFromZeroOrBeforeIt) {
  const std::string types = Header().substr(0, Header().find("6 0 n1"));
  auto ingest = [&](const std::string& name, const std::string& body) {
    CliRun run = Tracedb("ingest -q --db " + db() + " " + WriteTempFile(name, types + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  };
  ingest("far.paje",
         "6 1e15 n1 N 0 node1\n6 1e15 t1 T n1 thread1\n8 1000000000000001 S t1 A\n"
         "8 1000000000000003 S t1 B\n7 1000000000000005 T t1\n");
  ingest("before.paje",
         "6 -10 n1 N 0 node1\n6 -10 t1 T n1 thread1\n8 -9 S t1 A\n8 -7 S t1 B\n"
         "7 -5 T t1\n");
  CliRun run =
      Tracedb("query --csv --db " + db() +
              " 'SELECT name, start_time, end_time - start_time AS span FROM trace ORDER BY id'");
  EXPECT_EQ(run.out, "name,start_time,span\nfar.paje,1e+15,5.0\nbefore.paje,-10.0,5.0\n");
  // Every output of query keeps every digit of a time, as psql does (the
  // SQLite shell's 15 digits print "1e+15" twice).
  const std::string starts =
      " 'SELECT start_time FROM state WHERE trace_id = 1 ORDER BY start_time'";
  run = Tracedb("query --csv --db " + db() + starts);
  EXPECT_EQ(run.out, "start_time\n1000000000000001.0\n1000000000000003.0\n");
  run = Tracedb("query --json --db " + db() + starts);
  EXPECT_EQ(run.out,
            "[\n{\"start_time\":1000000000000001.0},\n{\"start_time\":1000000000000003.0}\n]\n");
  run = Tracedb("query --db " + db() + starts);
  EXPECT_EQ(run.out, "        start_time\n1000000000000001.0\n1000000000000003.0\n");
  run = Profile("--from -8 --csv 2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "State,B,1,2.0,2.0,0.666666666666667\n"
            "State,A,1,1.0,1.0,0.333333333333333\n");
  std::string svg = Folder() + "/far.svg";
  run = Tracedb("plot gantt --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string chart = ReadWholeFile(svg);
  EXPECT_NE(chart.find(">+1</text>"), std::string::npos) << chart;
  EXPECT_EQ(chart.find(">1e+15</text>", chart.find(">1e+15</text>") + 1), std::string::npos)
      << chart;
  // The report's span, with nine digits, was "1e+15 to 1e+15".
  std::string html = Folder() + "/far.html";
  run = Tracedb("report --db " + db() + " -o " + html + " --from 1000000000000002 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string report = ReadWholeFile(html);
  EXPECT_NE(report.find("<td>1000000000000000.0 to 1000000000000005.0 (5.0)</td>"), std::string::npos);
  EXPECT_NE(report.find("<td>1000000000000002.0 to 1000000000000005.0</td>"), std::string::npos);
}

TEST_P(AnalysisCli, CompareRefusesWhatItCannotAnswer) {
  Ingest("twins.paje", kTwins);
  CliRun run = Tracedb("compare --db " + db() + " 1 nosuch");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "tracedb: " + db() + ": no trace 'nosuch' (see tracedb list)\n");
  run = Tracedb("compare --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb compare: give two traces, A and B\n"
            "(run 'tracedb compare --help' for usage)\n");
}

// Alpha (red) on node1/thread1 from 1.0, Beta (blue) pushed on it from 2.0;
// Beta on node1/thread2 from 1.5; the trace ends at 2.5.
const char* kColoured =
    "5 a S Alpha \"1 0 0\"\n"
    "5 b S Beta \"0 0 1\"\n"
    "8 1.0 S t1 a\n"
    "8 1.5 S t2 b\n"
    "9 2.0 S t1 b\n"
    "10 2.5 S t1\n";

// How many times `part` occurs in `text`.
size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// "x y width height fill" of each state's rectangle, in document order.
std::vector<std::string> StateRects(const std::string& svg) {
  static const std::regex kRect(
      "<rect class=\"state\" x=\"([^\"]*)\" y=\"([^\"]*)\" width=\"([^\"]*)\" "
      "height=\"([^\"]*)\" fill=\"([^\"]*)\">");
  std::vector<std::string> rects;
  for (std::sregex_iterator it(svg.begin(), svg.end(), kRect), end; it != end; ++it) {
    rects.push_back((*it)[1].str() + " " + (*it)[2].str() + " " + (*it)[3].str() + " " +
                    (*it)[4].str() + " " + (*it)[5].str());
  }
  return rects;
}

// The time axis starts 96.5 px in (the labels' width) and runs 1000 px for
// the 2.5 of the trace: 400 px a unit. Rows are 16 px from y 30; a nested
// state is inset by 2 px.
TEST_P(AnalysisCli, PlotGanttDrawsEachStateWhereAndInTheColourItIs) {
  Ingest("coloured.paje", kColoured);
  std::string svg = WriteTempFile("gantt.svg", "an older file");
  CliRun run = Tracedb("plot gantt --width 1000 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out + run.err, "");
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text),
            (std::vector<std::string>{"496.5 31 600 14 #ff0000", "896.5 33 200 10 #0000ff",
                                      "696.5 47 400 14 #0000ff"}));
  EXPECT_NE(text.find(">node1/thread1</text>"), std::string::npos);
  EXPECT_NE(text.find("<title>node1/thread1\nBeta\nstart 2.0, end 2.5, duration 0.5</title>"),
            std::string::npos);
  EXPECT_NE(text.find(">Alpha</text>"), std::string::npos);  // the legend
  EXPECT_NE(text.find(">time</text>"), std::string::npos);   // the axis, in the trace's unit
  EXPECT_EQ(text.find(".part"), std::string::npos);
  // A window: [2.0, 2.5] over the 1000 px.
  run = Tracedb("plot gantt --width 1000 --from 2 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(StateRects(ReadWholeFile(svg)),
            (std::vector<std::string>{"96.5 31 1000 14 #ff0000", "96.5 33 1000 10 #0000ff",
                                      "96.5 47 1000 14 #0000ff"}));
  // [1.0, 1.2] holds Alpha alone: the legend lists no Beta.
  run = Tracedb("plot gantt --width 1000 --from 1 --to 1.2 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text), std::vector<std::string>{"96.5 31 1000 14 #ff0000"});
  EXPECT_NE(text.find(">Alpha</text>"), std::string::npos);
  EXPECT_EQ(text.find(">Beta</text>"), std::string::npos) << text;
}

// A trace whose every time is 0 has no span: its one state sits at the
// left edge, half a pixel wide (0 / 0 drew it at x="-nan").
TEST_P(AnalysisCli, PlotGanttOfATraceOfOneInstantDrawsNoNan) {
  Ingest("instant.paje", "5 a S Alpha \"1 0 0\"\n9 0 S t1 a\n10 0 S t1\n");
  std::string svg = WriteTempFile("instant.svg", "");
  CliRun run = Tracedb("plot gantt --width 1000 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(StateRects(text), (std::vector<std::string>{"96.5 31 0.5 14 #ff0000"}));
  EXPECT_EQ(text.find("nan"), std::string::npos);
}

// Past 5,000 states, a pixel per row and column: the rows stay (one per
// container with states), the columns are --width, whatever the trace's size.
TEST_P(AnalysisCli, PlotGanttOfABigTraceIsAnImageOfBoundedSize) {
  std::string trace = Folder() + "/big.paje";
  ASSERT_EQ(
      std::system((std::string(TRACEDB_GEN) + " --size 3M --containers 40 " + trace + " >/dev/null")
                      .c_str()),
      0);
  CliRun run = Tracedb("ingest -q --db " + db() + " " + trace);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::string svg = Folder() + "/big.svg";
  run = Tracedb("plot gantt --width 700 --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(text.find("<rect class=\"state\""), std::string::npos);
  std::vector<std::string> rows = database_->Rows(
      "SELECT count(*) FROM (SELECT DISTINCT container_id, type_id FROM state_summary) AS r");
  ASSERT_EQ(rows.size(), 1u);
  // std::regex on the whole file would recurse past ASan's stack.
  size_t image = text.find("<image class=\"cells\" ");
  ASSERT_NE(image, std::string::npos);
  size_t data = text.find("href=\"data:image/png;base64,", image);
  ASSERT_NE(data, std::string::npos);
  data += std::string("href=\"data:image/png;base64,").size();
  std::string head = Base64Decoded(text.substr(data, 32));
  EXPECT_EQ(Big32(head, 16), 700u);                     // columns
  EXPECT_EQ(std::to_string(Big32(head, 20)), rows[0]);  // rows
  EXPECT_LT(text.size(), 700u * std::stoul(rows[0]));
}

// However many connections read a big trace, the chart is the same (past
// 4, the readers are 4).
TEST_P(AnalysisCli, AGanttReadByManyReadersIsTheOneReadByOne) {
  std::string trace = Folder() + "/big.paje";
  ASSERT_EQ(
      std::system((std::string(TRACEDB_GEN) + " --size 2M --containers 40 " + trace + " >/dev/null")
                      .c_str()),
      0);
  CliRun run = Tracedb("ingest -q --db " + db() + " " + trace);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::unique_ptr<Archive> archive = OpenArchive(db(), ArchiveAccess::kRead);
  std::optional<TraceRecord> record = archive->FindTrace("1");
  ASSERT_TRUE(record);
  GanttChart one = ReadGantt(*archive, *record, {.columns = 300, .readers = 1});
  ASSERT_TRUE(one.aggregated);
  ASSERT_GT(one.rows.size(), 40u);
  for (int readers : {2, 3, 7, 100}) {
    GanttChart many = ReadGantt(*archive, *record, {.columns = 300, .readers = readers});
    EXPECT_TRUE(many.aggregated);
    ASSERT_EQ(many.rows.size(), one.rows.size()) << readers;
    for (size_t row = 0; row < one.rows.size(); ++row) {
      EXPECT_EQ(many.rows[row].label, one.rows[row].label) << readers;
      EXPECT_EQ(CellsOf(many.rows[row].runs, 300), CellsOf(one.rows[row].runs, 300))
          << readers << " " << row;
    }
  }
  size_t painted = 0;
  for (const GanttRow& row : one.rows) {
    ASSERT_FALSE(row.runs.empty());
    EXPECT_EQ(row.runs.back().end, 300u);
    for (uint16_t cell : CellsOf(row.runs, 300)) painted += cell != 0;
  }
  EXPECT_GT(painted, one.rows.size() * 100);
}

// The other kinds, each the chart the report holds.
TEST_P(AnalysisCli, PlotDrawsUtilisationProfileAndComm) {
  Ingest("messages.paje", std::string(kMessages) + "8 1.0 S t1 A\n8 1.2 S t2 B\n9 2.0 S t2 C\n");
  std::string svg = Folder() + "/chart.svg";
  CliRun run = Tracedb("plot utilisation --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_TRUE(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"utilisation\""));
  EXPECT_EQ(Count(text, "<path class=\"area\""), 3u);
  EXPECT_NE(text.find("<title>C</title>"), std::string::npos);
  run = Tracedb("plot profile --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"exclusive\""), 3u);
  // A: 2.0 s from 1.0 to 3.0; C pushed on B at 2.0: B's 1.8 s, 0.8 of them exclusive.
  EXPECT_NE(text.find("<title>B\ninclusive 1.8\nexclusive 0.8</title>"), std::string::npos);
  EXPECT_EQ(text.find("more values"), std::string::npos);
  run = Tracedb("plot comm --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"cell\""), 9u);
  EXPECT_NE(text.find("<title>node1/thread1 -&gt; node1/thread2\n2 messages, 150 bytes</title>"),
            std::string::npos);
}

// The profile draws the 30 values of most time and says how many it left
// out: values v0 to v32 each set once, vK for K + 1 seconds.
TEST_P(AnalysisCli, PlotProfileCountsTheValuesWithoutABar) {
  std::string body;
  int at = 0;
  for (int k = 0; k <= 32; ++k) {
    body += "8 " + std::to_string(at) + " S t1 v" + std::to_string(k) + "\n";
    at += k + 1;
  }
  body += "7 " + std::to_string(at) + " T t1\n";
  Ingest("many.paje", body);
  std::string svg = Folder() + "/profile.svg";
  CliRun run = Tracedb("plot profile --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"exclusive\""), 30u);
  EXPECT_NE(text.find("<title>v3\ninclusive 4.0\nexclusive 4.0</title>"), std::string::npos);
  EXPECT_EQ(text.find("<title>v2\n"), std::string::npos);
  // Under the 30th bar (30 px from the top, 20 px a bar).
  EXPECT_NE(text.find("<text class=\"unlisted\" x=\"10\" y=\"643\">and 3 more values (tracedb"
                      " profile lists all)</text>"),
            std::string::npos)
      << text;
}

// --type picks the state type of every chart that draws states: a second
// type, Phase, with values init and solve, beside State's A and B.
TEST_P(AnalysisCli, PlotUtilisationAndProfileDrawTheTypeAsked) {
  Ingest("phases.paje",
         "1 P T Phase\n8 0.5 P t1 init\n8 1.0 S t1 A\n8 1.5 P t1 solve\n8 2.0 S t1 B\n"
         "7 3.0 T t1\n");
  std::string svg = Folder() + "/chart.svg";
  for (const char* kind : {"utilisation", "profile"}) {
    CliRun run =
        Tracedb(std::string("plot ") + kind + " --type Phase --db " + db() + " -o " + svg + " 1");
    EXPECT_EQ(run.exit_code, 0) << kind << ": " << run.err;
    std::string text = ReadWholeFile(svg);
    EXPECT_NE(text.find("<title>init"), std::string::npos) << kind;
    EXPECT_NE(text.find("<title>solve"), std::string::npos) << kind;
    EXPECT_EQ(text.find("<title>A"), std::string::npos) << kind;
    EXPECT_EQ(text.find("<title>B"), std::string::npos) << kind;
    run = Tracedb(std::string("plot ") + kind + " --db " + db() + " -o " + svg + " 1");
    EXPECT_EQ(run.exit_code, 0) << kind << ": " << run.err;
    EXPECT_NE(ReadWholeFile(svg).find("<title>Phase: init"), std::string::npos) << kind;
    EXPECT_NE(ReadWholeFile(svg).find("<title>State: A"), std::string::npos) << kind;
    std::string none = Folder() + "/none.svg";
    run = Tracedb(std::string("plot ") + kind + " --type Nope --db " + db() + " -o " + none + " 1");
    EXPECT_EQ(run.exit_code, 1) << kind;
    EXPECT_EQ(run.err, "tracedb: " + db() +
                           ": trace 1 (phases.paje) has no state type 'Nope'"
                           " (its state types: 'Phase', 'State')\n")
        << kind;
    EXPECT_FALSE(std::filesystem::exists(none)) << kind;
  }
  CliRun run = Tracedb("plot comm --type Phase --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb plot: plot comm draws the whole trace's links: --from, --to and --type do"
            " not apply\n(run 'tracedb plot --help' for usage)\n");
}

TEST_P(AnalysisCli, PlotWritesNothingWhereItCannot) {
  Ingest("coloured.paje", kColoured);
  std::string missing = Folder() + "/no/such/folder/gantt.svg";
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + missing + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + missing + ": no folder '" + Folder() +
                         "/no/such/folder' (make it first)\n");
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/x.svg 2");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + db() + ": no trace '2' (see tracedb list)\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/x.svg"));
  run = Tracedb("plot pie --db " + db() + " -o " + Folder() + "/x.svg 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb plot: KIND must be gantt, utilisation, profile or comm, not 'pie'\n"
            "(run 'tracedb plot --help' for usage)\n");
  run = Tracedb("plot gantt --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "tracedb plot: missing -o FILE.svg\n(run 'tracedb plot --help' for usage)\n");
}

// The chart is renamed over -o's path, which must be a file the user may
// write: a folder said "Device or resource busy", and a write-protected
// file was replaced by a writable one.
TEST_P(AnalysisCli, PlotReplacesNoFolderAndNoWriteProtectedFile) {
  Ingest("coloured.paje", kColoured);
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() + ": is a folder (name a file to write)\n");
  // A name ending in '/' (a slip of the shell's completion) is no file
  // either, whether or not that folder is there.
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/x.svg/ 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() +
                         "/x.svg/: ends in '/', a folder's name (name a file to write)\n");
  run = Tracedb("plot gantt --db " + db() + " -o " + Folder() + "/ 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + Folder() + "/: is a folder (name a file to write)\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/x.svg"));
  std::string kept = Folder() + "/kept.svg";
  std::filesystem::remove(kept);  // the other backend's run left it read-only
  std::ofstream(kept) << "mine";
  const auto read_only = std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                         std::filesystem::perms::others_read;
  std::filesystem::permissions(kept, read_only);
  // root may write any file: its run drops that privilege, which users lack.
  std::vector<std::string> args = {"plot", "gantt", "--db", db(), "-o", kept, "1"};
  std::string program = TRACEDB_BINARY;
  if (geteuid() == 0) {
    args.insert(args.begin(), {"--bounding-set=-dac_override,-dac_read_search", program});
    program = "/usr/bin/setpriv";
  }
  ChildRun protected_run = RunChild(program, args);
  EXPECT_EQ(protected_run.exit_code, 1);
  EXPECT_EQ(protected_run.err, "tracedb: error: " + kept + ": Permission denied\n");
  EXPECT_EQ(ReadWholeFile(kept), "mine");
  EXPECT_EQ(std::filesystem::status(kept).permissions() & std::filesystem::perms::all, read_only);
  EXPECT_FALSE(std::filesystem::exists(kept + ".part"));
}

TEST_P(AnalysisCli, ReportHoldsEveryPartAndNothingFromTheNetwork) {
  Ingest("messages.paje", std::string(kMessages) + "8 1.0 S t1 A\n8 1.2 S t2 B\n");
  std::string html = Folder() + "/report.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out + run.err, "");
  std::string page = ReadWholeFile(html);
  EXPECT_TRUE(
      page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<title>messages.paje</title>"));
  for (const char* id : {"facts", "gantt", "utilisation", "profile", "comm"}) {
    EXPECT_EQ(Count(page, "<section id=\"" + std::string(id) + "\">"), 1u) << id;
  }
  for (const char* svg : {"gantt", "utilisation", "profile", "heatmap"}) {
    EXPECT_EQ(Count(page, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + std::string(svg)),
              1u)
        << svg;
  }
  EXPECT_EQ(Count(page, "<rect class=\"state\""), 2u);  // A and B
  // The links between containers with a row: node2/thread1 has no states.
  EXPECT_EQ(Count(page, "<line class=\"link\""), 2u);
  EXPECT_EQ(Count(page, "<rect class=\"cell\""), 9u);  // 3 x 3 containers
  EXPECT_NE(page.find("<td>node1/thread1</td><td>node1/thread2</td><td class=\"num\">2</td>"
                      "<td class=\"num\">150</td><td class=\"num\">1.5</td>"),
            std::string::npos);
  // Shares as percentages, as profile's text table shows them: A 2.0 s and
  // B 1.8 s of the 6 s that thread1 and thread2 live.
  EXPECT_NE(
      page.find("<th>share (%)</th></tr>\n<tr><td>State</td><td>A</td><td class=\"num\">1</td>"
                "<td class=\"num\">2.0</td><td class=\"num\">2.0</td><td class=\"num\">33.3"
                "</td></tr>\n<tr><td>State</td><td>B</td><td class=\"num\">1</td>"
                "<td class=\"num\">1.8</td><td class=\"num\">1.8</td><td class=\"num\">30.0"
                "</td></tr>"),
      std::string::npos)
      << page.substr(page.find("<table class=\"profile\">"), 700);
  // Offline: the only URL is SVG's namespace, never fetched.
  EXPECT_EQ(Count(page, "http"), Count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(Count(page, "src="), 0u);
  EXPECT_EQ(Count(page, "<script>"), 1u);
}

// The texts of an SVG's legend, in order.
std::vector<std::string> LegendTexts(const std::string& svg) {
  size_t from = svg.find("<g class=\"legend\">");
  std::string legend = svg.substr(from, svg.find("</g>", from) - from);
  std::vector<std::string> texts;
  std::regex text(">([^<]*)</text>");
  for (auto it = std::sregex_iterator(legend.begin(), legend.end(), text);
       it != std::sregex_iterator(); ++it) {
    texts.push_back((*it)[1]);
  }
  return texts;
}

// v<from>, ..., v<to>.
std::vector<std::string> Values(int from, int to) {
  std::vector<std::string> names;
  for (int k = from; k <= to; ++k) names.push_back("v" + std::to_string(k));
  return names;
}

// 300 values, v100 to v399, each in one state of node1/thread1 that lasts
// as many seconds as its number: the charts and the report show the
// busiest (a trace of 200,000 values drew a legend 450,000 px high, took
// 3.6 GB for its utilisation, and listed every value in the report).
TEST_P(AnalysisCli, ChartsAndTheReportOfManyValuesShowTheBusiest) {
  std::string body;
  int time = 0;
  for (int k = 100; k < 400; time += k++) {
    body += "8 " + std::to_string(time) + " S t1 v" + std::to_string(k) + "\n";
  }
  Ingest("values.paje", body + "7 " + std::to_string(time) + " T t1\n");
  std::string svg = Folder() + "/chart.svg";
  CliRun run = Tracedb("plot gantt --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<rect class=\"state\""), 300u);  // each in its own colour
  EXPECT_EQ(LegendTexts(text), Values(336, 399));
  EXPECT_NE(text.find("\">and 236 more values (tracedb profile lists all)</text>"),
            std::string::npos);
  run = Tracedb("plot utilisation --db " + db() + " -o " + svg + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  text = ReadWholeFile(svg);
  EXPECT_EQ(Count(text, "<path class=\"area\""), 24u);
  std::vector<std::string> legend = Values(377, 399);
  legend.push_back("277 other values");
  EXPECT_EQ(LegendTexts(text), legend);
  EXPECT_NE(text.find("fill=\"#888888\"><title>277 other values</title>"), std::string::npos);
  std::string html = Folder() + "/report.html";
  run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string page = ReadWholeFile(html);
  EXPECT_NE(page.find("<td>v300</td>"), std::string::npos);
  EXPECT_EQ(page.find("<td>v299</td>"), std::string::npos);
  EXPECT_NE(page.find("The 100 values of most time, of 300: tracedb profile lists them all."),
            std::string::npos);
}

// Variable V of node1/thread1 is 5 from 1.0, 7 from 2.0; thread2's is 1
// from 1.5. Over 1,000 columns of the span [0, 3]: no value before 1.0 (a
// gap), then 5, then 7.
TEST_P(AnalysisCli, ReportDrawsVariablesAsLines) {
  Ingest("variables.paje",
         "8 1.0 S t1 A\n13 1.0 V t1 5\n13 1.5 V t2 1\n13 2.0 V t1 7\n"
         "10 3.0 S t1\n");
  std::string html = Folder() + "/variables.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + html + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string page = ReadWholeFile(html);
  EXPECT_EQ(Count(page, "<section id=\"variables\">"), 1u);
  EXPECT_EQ(Count(page, "<path class=\"line\""), 2u);
  EXPECT_NE(page.find("<title>node1/thread1</title>"), std::string::npos);
  EXPECT_NE(page.find(">Var</text>"), std::string::npos);  // the chart's title: the type
  // Found without std::regex, whose recursion a 12 kB path would take past
  // ASan's stack.
  const std::string kStart = "<path class=\"line\" d=\"";
  size_t at = page.find(kStart);
  ASSERT_NE(at, std::string::npos);
  at += kStart.size();
  std::string path = page.substr(at, page.find('"', at) - at);
  EXPECT_EQ(Count(path, "M"), 1u);           // one gap: before 1.0
  EXPECT_TRUE(path.starts_with("M403.5 "));  // column 333 (1.0 / 3 of 1000), from x 70
  // The value axis runs from 1 (y 230, thread2's) to 7 (y 30): 5 at y
  // 96.67; one column of both 5 and 7 on the way.
  EXPECT_EQ(Count(path, " 96.67L"), 333u);
  EXPECT_EQ(Count(path, " 30L") + path.ends_with(" 30"), 333u);
}

TEST_P(AnalysisCli, ReportRefusesWhatItCannotWrite) {
  Ingest("coloured.paje", kColoured);
  std::string missing = Folder() + "/nowhere/report.html";
  CliRun run = Tracedb("report --db " + db() + " -o " + missing + " 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + missing + ": no folder '" + Folder() +
                         "/nowhere' (make it first)\n");
  run = Tracedb("report --from 9 --db " + db() + " -o " + Folder() + "/r.html 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "tracedb: " + db() +
                ": --from 9.0 is not before the end of trace 1 (coloured.paje), which spans"
                " [0.0, 2.5]\n");
  EXPECT_FALSE(std::filesystem::exists(Folder() + "/r.html"));
}

// A trace of links and an event, without states: every answer made of
// states refuses it, saying what it has, and writes nothing; its
// communication matrix still draws.
TEST_P(AnalysisCli, AnswersMadeOfStatesRefuseATraceWithoutThem) {
  Ingest("quiet.paje", "16 1.0 L 0 m t1 k1\n17 2.0 L 0 m t2 k1\n");
  const std::string refusal =
      "tracedb: " + db() +
      ": trace 1 (quiet.paje) has no states to profile or draw (events: 0, variable "
      "intervals: 0, links: 1; tracedb query reads them)\n";
  std::string out = Folder() + (postgres() ? "/quiet-postgres" : "/quiet-sqlite");
  for (const std::string& args : std::vector<std::string>{
           "profile 1", "compare 1 1", "report -o " + out + ".html 1",
           "plot gantt -o " + out + ".svg 1", "plot utilisation -o " + out + ".svg 1",
           "plot profile -o " + out + ".svg 1"}) {
    CliRun run = Tracedb(args + " --db " + db());
    EXPECT_EQ(run.exit_code, 1) << args;
    EXPECT_EQ(run.out, "") << args;
    EXPECT_EQ(run.err, refusal) << args;
  }
  EXPECT_FALSE(std::filesystem::exists(out + ".html"));
  EXPECT_FALSE(std::filesystem::exists(out + ".svg"));
  CliRun run = Tracedb("plot comm -o " + out + ".svg --db " + db() + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(out + ".svg"));
}

// The rows of two profiles agree: the same names and counts, times to a
// billionth (sums added up in another order).
void ExpectSameProfile(const ResultTable& window, const ResultTable& summary,
                       const std::string& trace) {
  ASSERT_EQ(window.columns, summary.columns) << trace;
  ASSERT_EQ(window.rows.size(), summary.rows.size()) << trace;
  auto key = [](const std::vector<Cell>& row) {
    return row[0].text + "|" + row[1].text + "|" + row[2].text;
  };
  std::map<std::string, std::vector<Cell>> expected;
  for (const auto& row : summary.rows) expected[key(row)] = row;
  for (const auto& row : window.rows) {
    auto found = expected.find(key(row));
    ASSERT_NE(found, expected.end()) << trace << ": " << key(row);
    EXPECT_EQ(row[3].text, found->second[3].text) << trace << ": " << key(row);
    for (size_t column = 4; column < row.size(); ++column) {
      if (row[column].kind == CellKind::kNull || found->second[column].kind == CellKind::kNull) {
        EXPECT_EQ(row[column].kind, found->second[column].kind) << trace << ": " << key(row);
        continue;
      }
      double a = std::stod(row[column].text), b = std::stod(found->second[column].text);
      EXPECT_LE(std::abs(a - b), 1e-9 * (1 + std::abs(b))) << trace << ": " << key(row);
    }
  }
}

TEST_P(AnalysisCli, AWindowOfTheWholeSpanGivesTheSummariesForEveryCorpusTrace) {
  std::vector<std::string> traces = ConformanceTraces(CorpusCheck::kWindow);
  if (traces.empty()) GTEST_SKIP() << "no conformance corpus beside the project";
  for (const std::string& trace : traces) {
    CliRun run = Tracedb("ingest -q --db " + db() + " " + trace);
    if (run.exit_code != 0) continue;
  }
  std::unique_ptr<Archive> archive = OpenArchive(db(), ArchiveAccess::kRead);
  int compared = 0;
  for (const TraceRecord& trace : archive->ListTraces()) {
    if (trace.status != TraceStatus::kComplete) continue;
    ProfileOptions options{.by = ProfileBy::kContainer};
    ResultTable summary = FlatProfile(*archive, trace, options);
    options.window = TimeWindow{trace.summary->start_time, trace.summary->end_time};
    if (!(options.window->from < options.window->to)) continue;
    ExpectSameProfile(FlatProfile(*archive, trace, options), summary, trace.info.name);
    ++compared;
  }
  // All but the two accepted traces whose span is empty (in the whole corpus).
  EXPECT_GE(compared, AcceptedConformanceTraces(CorpusCheck::kWindow) - 2);
}

INSTANTIATE_TEST_SUITE_P(Backends, AnalysisCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::analysis_cli_test

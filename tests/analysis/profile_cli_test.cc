// tracedb profile on both backends: from the summaries and clipped to a
// window, per value or per container, with exact output on tiny traces; the
// refusals of traces and windows it cannot answer for; and, over the whole
// conformance corpus, a window of a trace's whole span giving what the
// summaries give.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/flat_profile.h"
#include "analysis/window_states.h"
#include "analysis_cli.h"
#include "db/loader_process.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_load.h"
#include "pipeline/open_archive.h"

namespace tracedb::testing::analysis_cli::profile_cli_test {
namespace {

TEST_P(AnalysisCli, ProfileOverAllContainersFromTheSummaries) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("--csv 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // A: 2 + 2 s, 0.5 of it under B; the lifetimes of the two containers
  // with states: 6 s. C lasts no time. Shares are exclusive time over the
  // lifetimes: they add up to at most 1.
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share\n"
            "State,A,2,4.0,3.5,0.583333333333333\n"
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
            "node2/thread1,State,A,1,2.0,1.5,0.5\n"
            "node2/thread1,State,B,1,0.5,0.5,0.166666666666667\n"
            "node1/thread1,State,C,1,0.0,0.0,0.0\n");
}

TEST_P(AnalysisCli, ProfileAsATextTableShowsSharesAsPercentages) {
  Ingest("twins.paje", kTwins);
  CliRun run = Profile("1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type   value  count  inclusive_seconds  exclusive_seconds  share\n"
            "State  A          2                4.0                3.5  58.3%\n"
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
            "State,A,2,1.0,0.75,0.75\n"
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
            "\"inclusive_seconds\":0.5,\"exclusive_seconds\":0.25,\"share\":0.5},\n"
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
  archive->reader->ReadComplete(2, [&](const SelectRows& select) {
    SelectRows seen = [&](const std::string& text) {
      sql = text;
      return select(text);
    };
    int states = 0;
    ReadWindowStates(archive->reader->dialect(), seen, WindowQuery{.window = {2.0, 3.0}},
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

// The rows of two profiles agree: the same names and counts, times to a
// billionth (sums added up in another order). Rows are paired in order of
// name, count and first time: values of one type may share a label (Extrae
// names two call sites "150 (boundary.F90, epoch2d)").
void ExpectSameProfile(const ResultTable& window, const ResultTable& summary,
                       const std::string& trace) {
  ASSERT_EQ(window.columns, summary.columns) << trace;
  ASSERT_EQ(window.rows.size(), summary.rows.size()) << trace;
  auto key = [](const std::vector<Cell>& row) {
    return row[0].text + "|" + row[1].text + "|" + row[2].text;
  };
  auto order = [&](std::vector<std::vector<Cell>> rows) {
    auto rank = [&](const std::vector<Cell>& row) {
      double first = row.size() > 4 && row[4].kind != CellKind::kNull ? std::stod(row[4].text) : 0;
      return std::make_tuple(key(row), std::stoll(row[3].text), first);
    };
    std::sort(rows.begin(), rows.end(),
              [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    return rows;
  };
  std::vector<std::vector<Cell>> expected = order(summary.rows), actual = order(window.rows);
  for (size_t i = 0; i < actual.size(); ++i) {
    const std::vector<Cell>& row = actual[i];
    const std::vector<Cell>& other = expected[i];
    ASSERT_EQ(key(row), key(other)) << trace;
    EXPECT_EQ(row[3].text, other[3].text) << trace << ": " << key(row);
    for (size_t column = 4; column < row.size(); ++column) {
      if (row[column].kind == CellKind::kNull || other[column].kind == CellKind::kNull) {
        EXPECT_EQ(row[column].kind, other[column].kind) << trace << ": " << key(row);
        continue;
      }
      double a = std::stod(row[column].text), b = std::stod(other[column].text);
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
  for (const TraceRecord& trace : archive->catalog->ListTraces()) {
    if (trace.status != TraceStatus::kComplete) continue;
    ProfileOptions options{.by = ProfileBy::kContainer};
    ResultTable summary = FlatProfile(*archive->reader, trace, options);
    options.window = TimeWindow{trace.summary->start_time, trace.summary->end_time};
    if (!(options.window->from < options.window->to)) continue;
    ExpectSameProfile(FlatProfile(*archive->reader, trace, options), summary, trace.info.name);
    ++compared;
  }
  // All but the two accepted traces whose span is empty (in the whole corpus).
  EXPECT_GE(compared, AcceptedConformanceTraces(CorpusCheck::kWindow) - 2);
}

}  // namespace
}  // namespace tracedb::testing::analysis_cli::profile_cli_test

// tracedb summarize on both backends: a trace made to look as if loaded
// before schema 5 (its summary rows, or PostgreSQL partitions, gone and
// profile_bins NULL) gets back exactly the summaries its ingest computed,
// nested states' exclusive time and the profile included; traces that have
// summaries are left alone unless --force; unknown and incomplete traces
// are refused; a kill before the commit leaves the trace as it was.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "db/summary_tables.h"
#include "db/type_rows.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/test_support.h"

namespace tracedb::testing::summarize_cli_test {
namespace {

// Nested states in thread1 (A holds B twice, each B a C, the second C
// empty) and thread2 (B, then A on it and A on that, all reset at 3.0);
// events, variables, links. Times are multiples of 1/4, so that every sum
// is exact whatever order it is added up in.
const char* kNested =
    "8 1.0 S t2 B\n"
    "9 1.0 S t1 A\n"
    "13 1.0 V t1 2\n"
    "16 1.0 L 0 m t1 k1\n"
    "12 1.25 E t1 e1\n"
    "9 1.5 S t1 B\n"
    "12 1.5 E t1 e1\n"
    "17 1.5 L 0 m t2 k1\n"
    "9 1.75 S t1 C\n"
    "10 2.0 S t1\n"
    "9 2.0 S t2 A\n"
    "12 2.0 E t2 e2\n"
    "13 2.0 V t1 4\n"
    "16 2.0 L 0 m t2 k2\n"
    "9 2.25 S t2 A\n"
    "10 2.5 S t1\n"
    "9 2.5 S t1 B\n"
    "9 2.5 S t1 C\n"
    "10 2.5 S t1\n"
    "10 3.0 S t1\n"
    "11 3.0 S t2\n"
    "8 3.0 S t2 C\n"
    "14 3.0 V t1 1\n"
    "17 3.5 L 0 m t1 k2\n"
    "10 4.0 S t1\n";

// Every row of the trace's summary tables, in export-csv's order.
const char* kOrderedSummaries[] = {
    "SELECT * FROM state_summary WHERE trace_id = $T ORDER BY container_id, type_id, value_id",
    "SELECT * FROM event_summary WHERE trace_id = $T ORDER BY container_id, type_id, value_id",
    "SELECT * FROM variable_summary WHERE trace_id = $T ORDER BY container_id, type_id",
    "SELECT * FROM link_summary WHERE trace_id = $T"
    " ORDER BY type_id, start_container_id, end_container_id",
    "SELECT * FROM state_profile WHERE trace_id = $T ORDER BY type_id, value_id, bin",
};

std::string WithTrace(std::string sql, int64_t trace) {
  for (size_t at; (at = sql.find("$T")) != std::string::npos;) {
    sql.replace(at, 2, std::to_string(trace));
  }
  return sql;
}

class SummarizeCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "summarize");
  }
  bool postgres() const { return GetParam() == Backend::kPostgres; }
  std::vector<std::string> Rows(const std::string& sql) { return database_->Rows(sql); }

  // Loads `body` after the test header; returns the trace's id.
  int64_t Ingest(const std::string& name, const std::string& body) {
    CliRun run =
        Tracedb("ingest -q --db " + database_->url() + " " + WriteTempFile(name, Header() + body));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return std::stoll(Rows("SELECT max(id) FROM trace").at(0));
  }
  // info's rows per type (db/type_rows.h), from the SQL itself: the corpus
  // through the CLI would take a process per trace.
  std::vector<std::string> TypeRows(std::string sql, int64_t trace) {
    for (size_t at; (at = sql.find("$1")) != std::string::npos;) {
      sql.replace(at, 2, std::to_string(trace));
    }
    return Rows(sql);
  }
  std::string Info(int64_t trace) {
    CliRun run = Tracedb("info --db " + database_->url() + " id:" + std::to_string(trace));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return run.out;
  }
  CliRun Summarize(const std::string& args = "") {
    return Tracedb("summarize --db " + database_->url() + " " + args);
  }

  // The trace as a load before schema 5 left it: no summary rows (in
  // PostgreSQL, no summary partitions) and profile_bins NULL. Its
  // summaries are kept in saved_TABLE first.
  void MakeOld(int64_t trace) {
    for (const char* table : kSummaryTables) {
      std::string saved = "saved_" + std::to_string(trace) + "_" + table;
      database_->Exec("CREATE TABLE " + saved + " AS SELECT * FROM " + table +
                      " WHERE trace_id = " + std::to_string(trace));
      database_->Exec(
          postgres()
              ? "DROP TABLE trace_part." + std::string(table) + "_" + std::to_string(trace)
              : "DELETE FROM " + std::string(table) + " WHERE trace_id = " + std::to_string(trace));
    }
    database_->Exec("UPDATE trace SET profile_bins = NULL WHERE id = " + std::to_string(trace));
  }

  // "rows only saved|rows only stored|rows" of each summary table of the
  // trace, against what MakeOld saved: "0|0|N" when they are the same rows.
  std::vector<std::string> Differences(int64_t trace) {
    std::vector<std::string> out;
    for (const char* table : kSummaryTables) {
      std::string saved = "SELECT * FROM saved_" + std::to_string(trace) + "_" + table;
      std::string stored =
          std::string("SELECT * FROM ") + table + " WHERE trace_id = " + std::to_string(trace);
      out.push_back(std::string(table) + " " + Count(saved + " EXCEPT " + stored) + "|" +
                    Count(stored + " EXCEPT " + saved) + "|" + Count(stored));
    }
    return out;
  }
  std::string Count(const std::string& sql) {
    return Rows("SELECT count(*) FROM (" + sql + ") x").at(0);
  }

  // Differences() but for sums added up in another order: those only
  // close, to a trillionth. The trace's id is given as a constant, so that
  // PostgreSQL plans its own partition only, not the whole archive's.
  void ExpectTheIngestsSummaries(int64_t trace, const std::string& file) {
    std::vector<std::string> differences = Differences(trace);
    for (size_t i : {0, 1, 2}) {  // state, event and variable summaries: the same rows
      std::string count = differences[i].substr(differences[i].rfind('|') + 1);
      EXPECT_EQ(differences[i], std::string(kSummaryTables[i]) + " 0|0|" + count) << file;
    }
    std::string id = std::to_string(trace);
    std::string close =
        "(n.seconds IS NULL AND o.seconds IS NULL"
        " OR abs(n.seconds - o.seconds) <= 1e-12 * (1 + abs(o.seconds)))";
    std::string same_trace = " ON n.trace_id = " + id + " AND n.trace_id = o.trace_id";
    EXPECT_EQ(
        Count("SELECT 1 FROM saved_" + id + "_link_summary o JOIN link_summary n" + same_trace +
              " AND n.type_id = o.type_id"
              " AND n.start_container_id IS NOT DISTINCT FROM o.start_container_id"
              " AND n.end_container_id IS NOT DISTINCT FROM o.end_container_id"
              " WHERE n.messages = o.messages AND n.bytes IS NOT DISTINCT FROM o.bytes"
              " AND " +
              close),
        Count("SELECT * FROM link_summary WHERE trace_id = " + id))
        << file;
    EXPECT_EQ(
        Count("SELECT 1 FROM saved_" + id + "_state_profile o JOIN state_profile n" + same_trace +
              " AND n.type_id = o.type_id"
              " AND n.value_id = o.value_id AND n.bin = o.bin"
              " WHERE n.bin_start = o.bin_start AND n.bin_end = o.bin_end AND " +
              close),
        Count("SELECT * FROM state_profile WHERE trace_id = " + id))
        << file;
    EXPECT_EQ(differences[3].substr(differences[3].rfind('|')),
              "|" + Count("SELECT * FROM saved_" + id + "_link_summary"))
        << file;
    EXPECT_EQ(differences[4].substr(differences[4].rfind('|')),
              "|" + Count("SELECT * FROM saved_" + id + "_state_profile"))
        << file;
  }

  // Every summary row of the trace, to show that nothing changed.
  std::vector<std::string> Summaries(int64_t trace) {
    std::vector<std::string> rows;
    for (const char* sql : kOrderedSummaries) {
      for (const std::string& row : Rows(WithTrace(sql, trace))) rows.push_back(row);
    }
    return rows;
  }

  std::optional<TestDatabase> database_;
};

TEST_P(SummarizeCli, AnOldTraceGetsExactlyTheSummariesItsIngestComputed) {
  int64_t trace = Ingest("nested.paje", kNested);
  MakeOld(trace);
  EXPECT_EQ(Rows("SELECT count(*) FROM state_summary_view"), std::vector<std::string>{"0"});
  CliRun run = Summarize();
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "summarized trace 1 (nested.paje): 6 state, 2 event, 1 variable, 2 link"
            " and 1472 profile rows\n");
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(Differences(trace),
            (std::vector<std::string>{"state_summary 0|0|6", "event_summary 0|0|2",
                                      "variable_summary 0|0|1", "link_summary 0|0|2",
                                      "state_profile 0|0|1472", "state_duration 0|0|5",
                                      "call_path 0|0|7"}));
  EXPECT_EQ(Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"1000"});
}

// A: [1, 4] less B's 1.0 and 0.5; B: 1.5 less C's 0.25 (the second C is
// empty). In thread2, B [1, 3] less A [2, 3]; that A less the A on it.
TEST_P(SummarizeCli, NestedStatesGetTheirExclusiveTime) {
  MakeOld(Ingest("nested.paje", kNested));
  ASSERT_EQ(Summarize().exit_code, 0);
  EXPECT_EQ(
      Rows("SELECT container_path, value, count, inclusive_seconds, exclusive_seconds,"
           " min_seconds, max_seconds FROM state_summary_view ORDER BY container_path, value"),
      (std::vector<std::string>{
          "node1/thread1|A|1|3.0|1.5|3.0|3.0", "node1/thread1|B|2|1.5|1.25|0.5|1.0",
          "node1/thread1|C|2|0.25|0.25|0.0|0.25", "node1/thread2|A|2|1.75|1.0|0.75|1.0",
          "node1/thread2|B|1|2.0|1.0|2.0|2.0", "node1/thread2|C|1|1.0|1.0|1.0|1.0"}));
  EXPECT_EQ(
      Rows("SELECT value, sum(seconds) FROM state_profile_view GROUP BY value ORDER BY value"),
      (std::vector<std::string>{"A|2.5", "B|2.25", "C|1.25"}));
}

// `info` of a trace with summaries counts its rows per type from them, and
// of one without, row by row: the same table.
TEST_P(SummarizeCli, InfoCountsTheSameRowsWithOrWithoutSummaries) {
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  ASSERT_EQ(Tracedb("ingest -q --db " + database_->url() + " " + ring).exit_code, 0);
  std::string info = Info(1);
  EXPECT_NE(info.find("\n 4  state      MPI state    STATE      48\n"
                      " 5  event      Marker       MARK        3\n"
                      " 6  variable   Memory used  MEM        26\n"
                      " 7  link       Message      MSG        12\n"),
            std::string::npos)
      << info;
  MakeOld(1);
  EXPECT_EQ(Info(1), info);
}

// The bundled example and the conformance corpus, whose times are not
// multiples of a power of two: every row as its ingest stored it, but for
// the sums that summarize adds up in another order (the profile's bins,
// links' seconds), which may differ in their last bits. On the way, info's
// SQL counts the same rows per type from the summaries as from the rows.
TEST_P(SummarizeCli, TheExampleAndTheCorpusGetTheSummariesOfTheirIngest) {
  std::vector<std::string> traces = ConformanceTraces(CorpusCheck::kSummarize);
  const bool corpus = !traces.empty();
  traces.insert(traces.begin(), std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje");
  int loaded = 0;
  for (const std::string& file : traces) {
    CliRun ingest = Tracedb("ingest -q --db " + database_->url() + " " + file);
    if (ingest.exit_code != 0) continue;  // a trace the corpus has for its error
    ++loaded;
    int64_t trace = std::stoll(Rows("SELECT max(id) FROM trace").at(0));
    EXPECT_EQ(TypeRows(kTypeRowsFromSummariesSql, trace), TypeRows(kTypeRowsSql, trace)) << file;
    MakeOld(trace);
    CliRun run = Summarize("id:" + std::to_string(trace));
    ASSERT_EQ(run.exit_code, 0) << file << ": " << run.err;
    ExpectTheIngestsSummaries(trace, file);
  }
  // ring.paje and each accepted trace of the corpus, when it is there.
  if (corpus) {
    EXPECT_EQ(loaded, 1 + AcceptedConformanceTraces(CorpusCheck::kSummarize));
  }
}

TEST_P(SummarizeCli, ATraceWithSummariesIsLeftAloneUnlessForced) {
  int64_t trace = Ingest("nested.paje", kNested);
  std::vector<std::string> before = Summaries(trace);
  std::vector<std::string> states = Rows(WithTrace(kOrderedSummaries[0], trace));
  CliRun again = Summarize("nested.paje");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err,
            "trace 1 (nested.paje) has summaries already; --force computes them again\n");
  EXPECT_EQ(Summaries(trace), before);
  CliRun forced = Summarize("--force --profile-bins 16 1");
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(forced.err,
            "summarized trace 1 (nested.paje): 6 state, 2 event, 1 variable, 2 link"
            " and 23 profile rows\n");
  EXPECT_EQ(Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"16"});
  EXPECT_EQ(Rows("SELECT count(*), min(bin_end - bin_start) FROM state_profile"),
            std::vector<std::string>{"23|0.25"});
  EXPECT_EQ(
      Rows("SELECT value, sum(seconds) FROM state_profile_view GROUP BY value ORDER BY value"),
      (std::vector<std::string>{"A|2.5", "B|2.25", "C|1.25"}));
  EXPECT_EQ(Rows(WithTrace(kOrderedSummaries[0], trace)), states);
}

TEST_P(SummarizeCli, SaysSoWhenThereIsNothingToDo) {
  Ingest("nested.paje", kNested);
  CliRun run = Summarize();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            database_->display() + ": every complete trace has its summaries; nothing to do\n");
}

TEST_P(SummarizeCli, UnknownAndIncompleteTracesAreRefusedAndTheOthersStillSummarized) {
  MakeOld(Ingest("nested.paje", kNested));
  CliRun bad = Tracedb("ingest -q --db " + database_->url() + " " +
                       WriteTempFile("bad.paje", Header() + "9 1.0 S nowhere A\n"));
  ASSERT_EQ(bad.exit_code, 1);
  CliRun run = Summarize("nosuch 2 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + database_->display() +
                         ": no trace 'nosuch' (see tracedb list)\n"
                         "tracedb: " +
                         database_->display() +
                         ": trace 2 is failed, not complete\n"
                         "summarized trace 1 (nested.paje): 6 state, 2 event, 1 variable, 2 link"
                         " and 1472 profile rows\n");
  // Without TRACE: only complete traces are summarized.
  EXPECT_EQ(Summarize().exit_code, 0);
}

TEST_P(SummarizeCli, ForceNeedsTrace) {
  CliRun run = Summarize("--force");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb summarize: --force needs TRACE: the traces to summarize again\n"
            "(run 'tracedb summarize --help' for usage)\n");
}

// Killed (or failing) just before its COMMIT: the trace is as it was, and
// the next summarize does the whole job.
TEST_P(SummarizeCli, AnInterruptedSummarizeLeavesTheTraceAsItWas) {
  int64_t trace = Ingest("nested.paje", kNested);
  MakeOld(trace);
  std::vector<std::string> args = {"summarize", "--db", database_->url()};
  ChildRun killed = RunTracedbWith({"TRACEDB_CRASH_AT=summarize-commit"}, args);
  EXPECT_TRUE(killed.signaled) << killed.exit_code << ": " << killed.err;
  ChildRun failed = RunTracedbWith({"TRACEDB_FAIL_AT=summarize-commit"}, args);
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_NE(failed.err.find("injected failure at summarize-commit"), std::string::npos)
      << failed.err;
  EXPECT_EQ(Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"NULL"});
  EXPECT_EQ(Summaries(trace), std::vector<std::string>{});
  if (postgres()) {
    EXPECT_EQ(Rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'trace_part'"
                   " AND tablename LIKE '%summary%'"),
              std::vector<std::string>{"0"});
  }
  ASSERT_EQ(Summarize().exit_code, 0);
  EXPECT_EQ(Differences(trace)[0], "state_summary 0|0|6");
}

INSTANTIATE_TEST_SUITE_P(Backends, SummarizeCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::summarize_cli_test

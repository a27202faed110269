// The analysis-ready archive on both backends: containers of the same name
// stay apart in every view and summary (ids and paths), and the summaries a
// load computes while streaming equal the same aggregates computed from the
// stored entity rows, for every trace of the conformance corpus.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::summaries_cli_test {
namespace {

// thread1 under node1 and thread1 under node2: the same name twice.
const char* kTwins =
    "6 0 n2 N 0 node2\n"
    "6 0 u1 T n2 thread1\n"
    "8 1.0 S t1 A\n"
    "8 1.0 S u1 A\n"
    "13 1.0 V u1 5\n"
    "13 1.0 V t1 1\n"
    "16 1.5 L 0 m t1 k1\n"
    "9 2.0 S u1 B\n"
    "13 2.0 V u1 7\n"
    "16 2.0 L 0 m u1 k2\n"
    "17 2.25 L 0 m t1 k2\n"
    "10 2.5 S u1\n"
    "12 2.5 E u1 hello\n"
    "17 2.5 L 0 m u1 k1\n"
    "16 2.5 L 0 m u1 k3\n"
    "12 2.75 E t1 hello\n"
    "17 3.0 L 0 m t1 k3\n";

class SummariesCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "summaries");
  }
  std::vector<std::string> Rows(const std::string& sql) { return database_->Rows(sql); }
  void Ingest(const std::string& name, const std::string& body) {
    CliRun run = Tracedb("ingest -q --db " + database_->url() + " " +
                         WriteTempFile(name, Header() + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  std::optional<TestDatabase> database_;
};

TEST_P(SummariesCli, SameNamedContainersStayApartInEveryViewAndSummary) {
  Ingest("twins.paje", kTwins);
  EXPECT_EQ(Rows("SELECT id, name, path, parent FROM container_view ORDER BY id"),
            (std::vector<std::string>{"1|node1|node1|NULL", "2|thread1|node1/thread1|node1",
                                      "3|thread2|node1/thread2|node1", "4|node2|node2|NULL",
                                      "5|thread1|node2/thread1|node2"}));
  EXPECT_EQ(Rows("SELECT container_id, container, container_path, value, start_time, end_time,"
                 " depth FROM state_view ORDER BY container_id, start_time"),
            (std::vector<std::string>{"2|thread1|node1/thread1|A|1.0|3.0|0",
                                      "5|thread1|node2/thread1|A|1.0|3.0|0",
                                      "5|thread1|node2/thread1|B|2.0|2.5|1"}));
  EXPECT_EQ(Rows("SELECT container_path, value, count, inclusive_seconds, exclusive_seconds,"
                 " min_seconds, max_seconds FROM state_summary_view"
                 " ORDER BY container_path, value"),
            (std::vector<std::string>{"node1/thread1|A|1|2.0|2.0|2.0|2.0",
                                      "node2/thread1|A|1|2.0|1.5|2.0|2.0",
                                      "node2/thread1|B|1|0.5|0.5|0.5|0.5"}));
  EXPECT_EQ(Rows("SELECT container_path, value, count FROM event_summary_view"
                 " ORDER BY container_path"),
            (std::vector<std::string>{"node1/thread1|hello|1", "node2/thread1|hello|1"}));
  EXPECT_EQ(Rows("SELECT container_path, count, min, max, time_weighted_mean, start_time,"
                 " end_time FROM variable_summary_view ORDER BY container_path"),
            (std::vector<std::string>{"node1/thread1|1|1.0|1.0|1.0|1.0|3.0",
                                      "node2/thread1|2|5.0|7.0|6.0|1.0|3.0"}));
  EXPECT_EQ(Rows("SELECT start_container_path, end_container_path, messages, bytes, seconds"
                 " FROM link_summary_view ORDER BY start_container_path"),
            (std::vector<std::string>{"node1/thread1|node2/thread1|1|NULL|1.0",
                                      "node2/thread1|node1/thread1|2|NULL|0.75"}));
  EXPECT_EQ(Rows("SELECT container_id, container, start_container_path, end_container_path, key"
                 " FROM link_view ORDER BY key"),
            (std::vector<std::string>{"0|NULL|node1/thread1|node2/thread1|k1",
                                      "0|NULL|node2/thread1|node1/thread1|k2",
                                      "0|NULL|node2/thread1|node1/thread1|k3"}));
  EXPECT_EQ(Rows("SELECT DISTINCT container_path FROM event_view ORDER BY 1"),
            (std::vector<std::string>{"node1/thread1", "node2/thread1"}));
}

// The profile's bins hold each value's exclusive time over all containers:
// in all, what state_summary says. The states span 2.0: in bins of 2^-8,
// 512 of them (2^-9 would take 1,024, more than the 1,000 asked for).
TEST_P(SummariesCli, TheProfileAddsUpToTheExclusiveTime) {
  Ingest("profiled.paje", kTwins);
  EXPECT_EQ(Rows("SELECT value, sum(seconds), count(*), min(bin_end - bin_start),"
                 " max(bin_end - bin_start) FROM state_profile_view GROUP BY value ORDER BY value"),
            (std::vector<std::string>{"A|3.5|512|0.00390625|0.00390625",
                                      "B|0.5|128|0.00390625|0.00390625"}));
  // While B is pushed on A in node2/thread1 (2.0 to 2.5), only node1's
  // thread1 is in A.
  EXPECT_EQ(Rows("SELECT CASE WHEN bin_start >= 2.0 AND bin_end <= 2.5 THEN 1 ELSE 0 END,"
                 " min(seconds), max(seconds)"
                 " FROM state_profile_view WHERE value = 'A' GROUP BY 1 ORDER BY 1"),
            (std::vector<std::string>{"0|0.0078125|0.0078125", "1|0.00390625|0.00390625"}));
  EXPECT_EQ(Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"1000"});
}

// Each check: the aggregate of the stored entity rows (`expected`, one row
// per key), and how many of its rows the summary table matches. $T is the
// trace id; numbers are compared to a billionth, as sums may be added up in
// another order. Keys with NULLs (numbered events, links with a missing
// half) are compared with EXCEPT instead (kCountChecks): a join on IS NOT
// DISTINCT FROM or coalesce() took minutes on one backend or the other.
struct SummaryCheck {
  const char* table;
  const char* expected;
  const char* matches;  // condition on e (expected) and s (summary)
  const char* join;     // how s's row is found for e
};

constexpr const char* kClose = "abs(%A - %B) <= 1e-9 * (1 + abs(%B))";

const SummaryCheck kSummaryChecks[] = {
    {"state_summary",
     "SELECT o.container_id, o.type_id, o.value_id, o.n, o.inc, o.lo, o.hi,"
     " o.inc - coalesce(i.inner_time, 0) AS exc FROM"
     " (SELECT container_id, type_id, value_id, count(*) AS n, sum(end_time - start_time) AS inc,"
     "  min(end_time - start_time) AS lo, max(end_time - start_time) AS hi"
     "  FROM state WHERE trace_id = $T GROUP BY container_id, type_id, value_id) o"
     " LEFT JOIN (SELECT p.container_id, p.type_id, p.value_id,"
     "  sum(c.end_time - c.start_time) AS inner_time FROM state p JOIN state c"
     "  ON c.trace_id = p.trace_id AND c.container_id = p.container_id AND c.type_id = p.type_id"
     "  AND c.start_time >= p.start_time AND c.start_time <= p.end_time"  // the index's range
     "  AND c.depth = p.depth + 1 AND c.end_time <= p.end_time"
     "  WHERE p.trace_id = $T"
     // Evaluated once: Paraver's states all have depth 0, and need no join.
     "  AND EXISTS (SELECT 1 FROM state x WHERE x.trace_id = $T AND x.depth > 0)"
     "  GROUP BY p.container_id, p.type_id, p.value_id) i"
     " ON i.container_id = o.container_id AND i.type_id = o.type_id AND i.value_id = o.value_id",
     "s.count = e.n AND s.min_seconds = e.lo AND s.max_seconds = e.hi"
     " AND CLOSE(s.inclusive_seconds, e.inc) AND CLOSE(s.exclusive_seconds, e.exc)",
     "s.container_id = e.container_id AND s.type_id = e.type_id AND s.value_id = e.value_id"},
    {"variable_summary",
     "SELECT container_id, type_id, count(*) AS n, min(value) AS lo, max(value) AS hi,"
     " min(start_time) AS first, max(end_time) AS last, CASE WHEN sum(end_time - start_time) > 0"
     " THEN sum(value * (end_time - start_time)) / sum(end_time - start_time) END AS mean"
     " FROM variable WHERE trace_id = $T GROUP BY container_id, type_id",
     "s.count = e.n AND s.min = e.lo AND s.max = e.hi AND s.start_time = e.first"
     " AND s.end_time = e.last AND (s.time_weighted_mean IS NULL AND e.mean IS NULL"
     " OR CLOSE(s.time_weighted_mean, e.mean))",
     "s.container_id = e.container_id AND s.type_id = e.type_id"},
    // Links with both halves: their durations (the counts of every pair below).
    {"link_summary",
     "SELECT type_id, start_container_id, end_container_id, count(*) AS n,"
     " sum(end_time - start_time) AS seconds FROM link WHERE trace_id = $T"
     " AND start_container_id IS NOT NULL AND end_container_id IS NOT NULL"
     " GROUP BY type_id, start_container_id, end_container_id",
     "s.messages = e.n AND CLOSE(s.seconds, e.seconds)",
     "s.type_id = e.type_id AND s.start_container_id = e.start_container_id"
     " AND s.end_container_id = e.end_container_id"},
    {"state_duration",
     "SELECT duration_class, count(*) AS n, min(end_time - start_time) AS lo,"
     " max(end_time - start_time) AS hi, sum(end_time - start_time) AS seconds,"
     " max(CASE WHEN long_state = 0 THEN end_time - start_time END) AS short_hi"
     " FROM state WHERE trace_id = $T GROUP BY duration_class",
     "s.count = e.n AND s.min_seconds = e.lo AND s.max_seconds = e.hi"
     " AND CLOSE(s.seconds, e.seconds) AND (s.short_max_seconds IS NULL AND e.short_hi IS NULL"
     " OR s.short_max_seconds = e.short_hi)",
     "s.duration_class = e.duration_class"},
};

// Counts per key, compared both ways with EXCEPT, which takes NULLs as equal.
struct CountCheck {
  const char* expected;
  const char* summary;
};

const CountCheck kCountChecks[] = {
    {"SELECT container_id, type_id, value_id, count(*) FROM event WHERE trace_id = $T"
     " GROUP BY container_id, type_id, value_id",
     "SELECT container_id, type_id, value_id, count FROM event_summary WHERE trace_id = $T"},
    {"SELECT type_id, start_container_id, end_container_id, count(*) FROM link"
     " WHERE trace_id = $T GROUP BY type_id, start_container_id, end_container_id",
     "SELECT type_id, start_container_id, end_container_id, messages FROM link_summary"
     " WHERE trace_id = $T"},
};

std::string Filled(std::string sql, int64_t trace) {
  for (size_t at; (at = sql.find("$T")) != std::string::npos;) {
    sql.replace(at, 2, std::to_string(trace));
  }
  for (size_t at; (at = sql.find("CLOSE(")) != std::string::npos;) {
    size_t comma = sql.find(", ", at);
    size_t end = sql.find(')', comma);
    std::string close = kClose;
    close.replace(close.find("%A"), 2, sql.substr(at + 6, comma - at - 6));
    std::string b = sql.substr(comma + 2, end - comma - 2);
    for (size_t p; (p = close.find("%B")) != std::string::npos;) close.replace(p, 2, b);
    sql.replace(at, end + 1 - at, close);
  }
  return sql;
}

// "expected rows/summary rows/matching rows" of one check.
std::string Agreement(TestDatabase& db, const SummaryCheck& check, int64_t trace) {
  std::string expected = Filled(check.expected, trace);
  std::string summary = std::string("SELECT * FROM ") + check.table + " WHERE trace_id = $T";
  std::string matching = "SELECT count(*) FROM (" + expected + ") e JOIN " + check.table +
                         " s ON s.trace_id = $T AND " + check.join + " WHERE " + check.matches;
  return db.Rows("SELECT count(*) FROM (" + expected + ") x").at(0) + "/" +
         db.Rows(Filled("SELECT count(*) FROM (" + summary + ") x", trace)).at(0) + "/" +
         db.Rows(Filled(matching, trace)).at(0);
}

// "rows only expected|rows only summarized" of one check: "0|0" when equal.
std::string CountAgreement(TestDatabase& db, const CountCheck& check, int64_t trace) {
  std::string expected = Filled(check.expected, trace);
  std::string summary = Filled(check.summary, trace);
  return db.Rows("SELECT count(*) FROM (" + expected + " EXCEPT " + summary + ") x").at(0) + "|" +
         db.Rows("SELECT count(*) FROM (" + summary + " EXCEPT " + expected + ") x").at(0);
}

// The profile's bins add up, per type and value, to the exclusive time.
std::string ProfileAgreement(TestDatabase& db, int64_t trace) {
  return db.Rows(Filled(
                     "SELECT count(*) FROM (SELECT type_id, value_id, sum(exclusive_seconds) AS x,"
                     " sum(inclusive_seconds) AS i FROM state_summary WHERE trace_id = $T"
                     " GROUP BY type_id, value_id) e LEFT JOIN (SELECT type_id, value_id,"
                     " sum(seconds) AS p FROM state_profile WHERE trace_id = $T"
                     " GROUP BY type_id, value_id) s ON s.type_id = e.type_id"
                     " AND s.value_id = e.value_id"
                     " WHERE abs(coalesce(s.p, 0) - e.x) > 1e-6 * (1 + abs(e.i))",
                     trace))
      .at(0);
}

// States whose duration is not in [2^(k-1), 2^k) for their class k.
std::string MisclassifiedStates(TestDatabase& db, int64_t trace) {
  return db.Rows(Filled("SELECT count(*) FROM state WHERE trace_id = $T AND NOT ("
                        " duration_class = -1022 AND end_time - start_time < power(2, -1022)"
                        " OR end_time - start_time >= power(2, duration_class - 1)"
                        " AND end_time - start_time < power(2, duration_class))",
                        trace))
      .at(0);
}

// The states of a window [W0, W1), or of an instant (W0 = W1: the states
// with start <= W0 < end), as docs/archive.md's queries 8 and 9 find them: those
// with long_state = 0 through each container's index range back to the
// longest of them, the long ones through state_duration and their index by
// class; compared with a scan: "n|n|0|0" when both find the same n states.
std::string WindowAgreement(TestDatabase& db, int64_t trace, double w0, double w1) {
  char bounds[64];
  std::snprintf(bounds, sizeof bounds, "%.17g", w0);
  std::string from = bounds;
  std::snprintf(bounds, sizeof bounds, "%.17g", w1);
  std::string to = bounds;
  std::string before = w0 == w1 ? " <= " : " < ";
  std::string columns = "s.container_id, s.type_id, s.value_id, s.start_time, s.end_time, s.depth";
  std::string indexed = Filled(
      "SELECT * FROM (SELECT " + columns +
          " FROM state s WHERE s.trace_id = $T AND s.long_state = 0" +
          " AND s.start_time >= " + from +
          " - (SELECT max(short_max_seconds) FROM state_duration WHERE trace_id = $T)" +
          " AND s.start_time" + before + to + " AND s.end_time > " + from + " UNION ALL SELECT " +
          columns + " FROM state_duration d JOIN state s" +
          " ON s.trace_id = d.trace_id AND s.duration_class = d.duration_class" +
          " AND s.long_state = 1 AND s.start_time >= " + from + " - d.max_seconds" +
          " AND s.start_time" + before + to + " WHERE d.trace_id = $T AND s.end_time > " + from +
          ") AS both_parts",
      trace);
  std::string scan = Filled("SELECT " + columns + " FROM state s WHERE s.trace_id = $T AND" +
                                " s.start_time" + before + to + " AND s.end_time > " + from,
                            trace);
  return db.Rows("SELECT count(*) FROM (" + indexed + ") x").at(0) + "|" +
         db.Rows("SELECT count(*) FROM (" + scan + ") x").at(0) + "|" +
         db.Rows("SELECT count(*) FROM (" + indexed + " EXCEPT " + scan + ") x").at(0) + "|" +
         db.Rows("SELECT count(*) FROM (" + scan + " EXCEPT " + indexed + ") x").at(0);
}

// Windows and instants over the trace's span, its ends included.
void ExpectWindowsAgree(TestDatabase& db, int64_t trace, const std::string& name) {
  std::vector<std::string> span = db.Rows(Filled(
      "SELECT coalesce(start_time, 0) || '|' || coalesce(end_time, 0) FROM trace WHERE id = $T",
      trace));
  double start = std::stod(span.at(0)), end = std::stod(span.at(0).substr(span[0].find('|') + 1));
  const std::pair<double, double> kFractions[] = {{0, 0.01}, {0.25, 0.5}, {0.495, 0.505},
                                                  {0.9, 1},  {0, 0},     {1.0 / 3, 1.0 / 3},
                                                  {0.5, 0.5}, {1, 1}};
  for (auto [a, b] : kFractions) {
    std::string agreement =
        WindowAgreement(db, trace, start + a * (end - start), start + b * (end - start));
    std::string n = agreement.substr(0, agreement.find('|'));
    EXPECT_EQ(agreement, n + "|" + n + "|0|0") << name << ": window " << a << ", " << b;
  }
}

TEST_P(SummariesCli, EqualTheAggregatesOfTheStoredRowsForTheWholeCorpus) {
  std::vector<std::string> traces = ConformanceTraces(CorpusCheck::kSummaries);
  if (traces.empty()) GTEST_SKIP() << "no conformance corpus beside the project";
  int64_t loaded = 0;
  for (const std::string& trace : traces) {
    CliRun run = Tracedb("ingest -q --db " + database_->url() + " " + trace);
    if (run.exit_code != 0) continue;  // a trace the corpus has for its error
    int64_t id = std::stoll(database_->Rows("SELECT max(id) FROM trace").at(0));
    ++loaded;
    for (const SummaryCheck& check : kSummaryChecks) {
      std::string agreement = Agreement(*database_, check, id);
      std::string n = agreement.substr(0, agreement.find('/'));
      EXPECT_EQ(agreement, n + "/" + n + "/" + n) << trace << ": " << check.table;
    }
    for (const CountCheck& check : kCountChecks) {
      EXPECT_EQ(CountAgreement(*database_, check, id), "0|0") << trace << ": " << check.summary;
    }
    EXPECT_EQ(ProfileAgreement(*database_, id), "0") << trace << ": state_profile";
    EXPECT_EQ(MisclassifiedStates(*database_, id), "0") << trace << ": duration_class";
    ExpectWindowsAgree(*database_, id, trace);
  }
  EXPECT_EQ(loaded, AcceptedConformanceTraces(CorpusCheck::kSummaries));
}

INSTANTIATE_TEST_SUITE_P(Backends, SummariesCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::summaries_cli_test

// An archive a tracedb of schema version 4 made, on both backends: the
// upgrade leaves its trace without summaries (profile_bins NULL), and
// `tracedb summarize`, which upgrades it first, computes them from the
// stored rows, so that every summary view answers for it.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "model/duration_class.h"
#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::summarize_migration_test {
namespace {

// The partitioned tables of schema version 4.
constexpr const char* kOldTrace =
    "INSERT INTO trace (id, name, path, format, sha256, ingested_at, tool_version, status,"
    " start_time, end_time, container_count, state_count, event_count, variable_count,"
    " link_count) VALUES (1, 'old', '/old.paje', 'paje', 'ab', '2026-01-01T00:00:00Z', '0.1.0',"
    " 'complete', 0, 4, 3, 4, 3, 2, 2)";

// As version 4 stored them: in t1, run [0, 4] holds wait [1, 2] and
// another run [2.5, 3]; t2 waits [0, 2]. Events, a variable, two messages.
constexpr const char* kOldRows = R"sql(
INSERT INTO type VALUES
  (1, 0, NULL, 'container', '0', NULL, NULL, NULL), (1, 1, 0, 'container', 'Thread', NULL, NULL, NULL),
  (1, 2, 1, 'state', 'State', NULL, NULL, NULL), (1, 3, 1, 'event', 'Mark', NULL, NULL, NULL),
  (1, 4, 0, 'link', 'Msg', NULL, 1, 1), (1, 5, 1, 'variable', 'Load', NULL, NULL, NULL);
INSERT INTO value VALUES (1, 0, 2, 'run', NULL, NULL), (1, 1, 2, 'wait', NULL, NULL),
  (1, 2, 3, 'tick', NULL, NULL), (1, 3, 4, 'm', NULL, NULL);
INSERT INTO container VALUES (1, 0, NULL, 0, '0', NULL, 0, 4, NULL),
  (1, 1, 0, 1, 't1', NULL, 0, 4, NULL), (1, 2, 0, 1, 't2', NULL, 0, 4, NULL);
INSERT INTO state VALUES (1, 1, 2, 1, 1.0, 2.0, 1, NULL), (1, 1, 2, 0, 2.5, 3.0, 1, NULL),
  (1, 1, 2, 0, 0.0, 4.0, 0, NULL), (1, 2, 2, 1, 0.0, 2.0, 0, NULL);
INSERT INTO event VALUES (1, 1, 3, 2, 0.5, NULL), (1, 2, 3, 2, 1.0, NULL),
  (1, 1, 3, 2, 1.5, NULL);
INSERT INTO variable VALUES (1, 1, 5, 0.0, 1.0, 2.0, NULL), (1, 1, 5, 1.0, 4.0, 4.0, NULL);
INSERT INTO link VALUES (1, 0, 4, 3, 'k1', 1, 2, 1.0, 2.0, NULL),
  (1, 0, 4, 3, 'k2', 1, 2, 2.0, 3.5, NULL);
)sql";

class SummarizeMigration : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "upgrade_summaries");
    MakeVersionFourArchive(*database_, kOldTrace, kOldRows);
  }

  std::unique_ptr<TestDatabase> database_;
};

TEST_P(SummarizeMigration, TheUpgradeLeavesTheOldTraceWithoutSummaries) {
  CliRun list = Tracedb("list --db '" + database_->url() + "'");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(database_->Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"NULL"});
  EXPECT_EQ(database_->Rows("SELECT count(*) FROM state_summary_view"),
            std::vector<std::string>{"0"});
}

TEST_P(SummarizeMigration, SummarizeUpgradesTheArchiveAndComputesTheSummaries) {
  CliRun run = Tracedb("summarize --db '" + database_->url() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "summarized trace 1 (old): 3 state, 2 event, 1 variable, 1 link and 640"
            " profile rows\n");
  EXPECT_EQ(database_->Rows("SELECT profile_bins FROM trace"), std::vector<std::string>{"1000"});
  // run: [0, 4] less wait's 1.0 and the inner run's 0.5, plus that 0.5.
  EXPECT_EQ(database_->Rows("SELECT container_path, value, count, inclusive_seconds,"
                            " exclusive_seconds, min_seconds, max_seconds FROM state_summary_view"
                            " ORDER BY container_path, value"),
            (std::vector<std::string>{"t1|run|2|4.5|3.0|0.5|4.0", "t1|wait|1|1.0|1.0|1.0|1.0",
                                      "t2|wait|1|2.0|2.0|2.0|2.0"}));
  EXPECT_EQ(database_->Rows("SELECT container, value, count FROM event_summary_view"
                            " ORDER BY container"),
            (std::vector<std::string>{"t1|tick|2", "t2|tick|1"}));
  EXPECT_EQ(database_->Rows("SELECT container, type, count, min, max, time_weighted_mean,"
                            " start_time, end_time FROM variable_summary_view"),
            std::vector<std::string>{"t1|Load|2|2.0|4.0|3.5|0.0|4.0"});
  EXPECT_EQ(database_->Rows("SELECT type, start_container, end_container, messages, bytes,"
                            " seconds FROM link_summary_view"),
            std::vector<std::string>{"Msg|t1|t2|2|NULL|2.5"});
  EXPECT_EQ(database_->Rows("SELECT value, sum(seconds) FROM state_profile_view GROUP BY value"
                            " ORDER BY value"),
            (std::vector<std::string>{"run|3.0", "wait|3.0"}));
  CliRun again = Tracedb("summarize --db '" + database_->url() + "'");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("nothing to do"), std::string::npos) << again.err;
}

// 0011 and 0012: the old trace's times are seconds, its states keep no
// parent (the rows cannot always tell it), and `tracedb summarize` computes
// its call paths from them: in t1, run [0, 4] holds wait [1, 2] and run
// [2.5, 3], so 4 - 1 - 0.5 of it is its own; t2's wait stands alone.
TEST_P(SummarizeMigration, TheUpgradeKeepsSecondsAndSummarizeComputesTheCallPaths) {
  CliRun run = Tracedb("summarize --db '" + database_->url() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(database_->Rows("SELECT time_unit FROM trace"), std::vector<std::string>{"s"});
  EXPECT_EQ(database_->Rows("SELECT count(*), count(parent_start) FROM state"),
            std::vector<std::string>{"4|0"});
  EXPECT_EQ(database_->Rows("SELECT p.container, p.value, q.value, p.depth, p.count,"
                            " p.inclusive_seconds, p.exclusive_seconds FROM call_path_view p"
                            " LEFT JOIN call_path_view q ON q.trace_id = p.trace_id"
                            " AND q.path_id = p.parent_id"
                            " ORDER BY p.container, p.depth, p.inclusive_seconds DESC"),
            (std::vector<std::string>{"t1|run|NULL|0|1|4.0|2.5", "t1|wait|run|1|1|1.0|1.0",
                                      "t1|run|run|1|1|0.5|0.5", "t2|wait|NULL|0|1|2.0|2.0"}));
}

// 0007 gives each state the class a load gives it (model/duration_class.h),
// at powers of two and next to them too, where ln/ln(2) alone is one off.
// (Not for a state whose end - start overflows: PostgreSQL refuses to
// compute that duration in any query.)
TEST_P(SummarizeMigration, TheUpgradeGivesEachStateTheClassALoadWould) {
  const double kLargest = std::numeric_limits<double>::max();
  const std::pair<double, double> kStates[] = {
      {0, 1},        {0, std::nextafter(1.0, 0.0)}, {2, 3},     {0.1, 0.30000000000000004},
      {1e300, 1e300}, {0, std::numeric_limits<double>::denorm_min()},
      {0, std::numeric_limits<double>::min()},      {0, std::ldexp(1.0, 1022)},
      {0, kLargest},  {-1e307, 1e307},              {1e15, 1e15 + 0.5}, {0, 0.125},
      {0, std::nextafter(0.125, 1.0)}, {0, 1e-300}};
  std::string insert;
  std::vector<std::string> expected;
  for (size_t i = 0; i < std::size(kStates); ++i) {
    char row[128];
    std::snprintf(row, sizeof row, "(1, 2, 2, 1, %.17g, %.17g, %zu, NULL)", kStates[i].first,
                  kStates[i].second, 10 + i);
    insert += (insert.empty() ? "INSERT INTO state VALUES " : ", ") + std::string(row);
    expected.push_back(std::to_string(DurationClass(kStates[i].first, kStates[i].second)));
  }
  database_->Exec(insert);
  CliRun list = Tracedb("list --db '" + database_->url() + "'");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(database_->Rows("SELECT duration_class FROM state WHERE depth >= 10 ORDER BY depth"),
            expected);
  // The old rows: [1, 2], [2.5, 3], [0, 4], [0, 2].
  EXPECT_EQ(database_->Rows("SELECT start_time, end_time, duration_class FROM state"
                            " WHERE depth < 10 ORDER BY start_time, end_time"),
            (std::vector<std::string>{"0.0|2.0|2", "0.0|4.0|3", "1.0|2.0|1", "2.5|3.0|0"}));
  EXPECT_EQ(database_->Rows("SELECT duration_class, count, min_seconds, max_seconds, seconds"
                            " FROM state_duration WHERE duration_class BETWEEN 1 AND 3"
                            " ORDER BY duration_class"),
            (std::vector<std::string>{"1|3|1.0|1.0|3.0", "2|1|2.0|2.0|2.0",
                                      "3|1|4.0|4.0|4.0"}));
}

// 0008 marks the long states as a load would at the trace's end: 104
// states, so the 64 longest classes at most. Classes (count): 0 (1), 1 (98),
// 2 (1), 3 (1), 4 (3); at or above class 2 there are 5 states, at or above
// 1, 103. `tracedb summarize` then keeps the marks the states have.
TEST_P(SummarizeMigration, TheUpgradeMarksTheLongStatesOfTheWholeTrace) {
  std::string insert = "INSERT INTO state VALUES (1, 2, 2, 1, 10.0, 20.0, 10, NULL)";
  for (int i = 0; i < 2; ++i) insert += ", (1, 2, 2, 1, 10.0, 20.0, 11, NULL)";
  for (int i = 0; i < 97; ++i) insert += ", (1, 2, 2, 1, 5.0, 6.5, 12, NULL)";
  database_->Exec(insert);
  CliRun list = Tracedb("list --db '" + database_->url() + "'");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const std::vector<std::string> kMarks = {"0|1|0", "1|98|0", "2|1|1", "3|1|1", "4|3|1"};
  EXPECT_EQ(database_->Rows("SELECT duration_class, count(*), long_state FROM state"
                            " GROUP BY duration_class, long_state ORDER BY duration_class"),
            kMarks);
  const std::vector<std::string> kBounds = {"0|0.5|0.5", "1|1.5|1.5", "2|2.0|NULL", "3|4.0|NULL",
                                            "4|10.0|NULL"};
  std::string bounds =
      "SELECT duration_class, max_seconds, short_max_seconds FROM state_duration"
      " ORDER BY duration_class";
  EXPECT_EQ(database_->Rows(bounds), kBounds);
  CliRun run = Tracedb("summarize --db '" + database_->url() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(database_->Rows(bounds), kBounds);
}

INSTANTIATE_TEST_SUITE_P(Backends, SummarizeMigration,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::summarize_migration_test

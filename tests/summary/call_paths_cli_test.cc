// Call paths on both backends: each stored state knows the state it is
// nested in (state.parent_start), the load's call-path profile
// (call_path) is exact, bounded per container with "(other paths)", and
// what `tracedb summarize --force` computes from the stored rows;
// `tracedb profile --tree` prints the merged tree.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::call_paths_cli_test {
namespace {

// main calls f, which calls MPI, on both threads; main calls MPI directly
// on thread1 only.
const char* kNested =
    "9 0.0 S t1 main\n"
    "9 0.0 S t2 main\n"
    "9 1.0 S t1 f\n"
    "9 1.5 S t1 MPI\n"
    "10 2.0 S t1\n"
    "9 2.0 S t2 f\n"
    "9 2.5 S t2 MPI\n"
    "10 3.0 S t1\n"
    "9 4.0 S t1 MPI\n"
    "10 4.0 S t2\n"
    "10 5.0 S t1\n"
    "10 5.0 S t2\n"
    "10 6.0 S t1\n"
    "10 6.0 S t2\n";

// Each path with the value of the path below it, per container.
const char* kPathRows =
    "SELECT p.container_id, p.value, q.value, p.depth, p.count, p.inclusive_seconds,"
    " p.exclusive_seconds FROM call_path_view p"
    " LEFT JOIN call_path_view q ON q.trace_id = p.trace_id AND q.path_id = p.parent_id"
    " ORDER BY p.container_id, p.depth, p.inclusive_seconds DESC";

const std::vector<std::string> kNestedPaths = {"2|main|NULL|0|1|6.0|3.0", "2|f|main|1|1|2.0|1.5",
                                               "2|MPI|main|1|1|1.0|1.0",  "2|MPI|f|2|1|0.5|0.5",
                                               "3|main|NULL|0|1|6.0|3.0", "3|f|main|1|1|3.0|1.5",
                                               "3|MPI|f|2|1|1.5|1.5"};

class CallPathsCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "call_paths");
  }
  std::vector<std::string> Rows(const std::string& sql) { return database_->Rows(sql); }
  void Ingest(const std::string& name, const std::string& body) {
    CliRun run =
        Tracedb("ingest -q --db " + database_->url() + " " + WriteTempFile(name, Header() + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  CliRun Run(const std::string& args) { return Tracedb(args + " --db " + database_->url()); }
  std::optional<TestDatabase> database_;
};

TEST_P(CallPathsCli, EachStateKnowsTheStateItIsNestedIn) {
  Ingest("nested.paje", kNested);
  EXPECT_EQ(Rows("SELECT container_id, value, start_time, depth, parent_start FROM state_view"
                 " ORDER BY container_id, start_time, depth"),
            (std::vector<std::string>{"2|main|0.0|0|NULL", "2|f|1.0|1|0.0", "2|MPI|1.5|2|1.0",
                                      "2|MPI|4.0|1|0.0", "3|main|0.0|0|NULL", "3|f|2.0|1|0.0",
                                      "3|MPI|2.5|2|2.0"}));
  // Which state called each MPI (docs/archive.md).
  EXPECT_EQ(Rows("SELECT s.container_id, s.start_time, p.value FROM state_view s"
                 " JOIN state_view p ON p.trace_id = s.trace_id"
                 " AND p.container_id = s.container_id AND p.type_id = s.type_id"
                 " AND p.depth = s.depth - 1 AND p.start_time = s.parent_start"
                 " WHERE s.value = 'MPI' ORDER BY s.container_id, s.start_time"),
            (std::vector<std::string>{"2|1.5|f", "2|4.0|main", "3|2.5|f"}));
}

TEST_P(CallPathsCli, TheLoadComputesTheCallPathsThatSummarizeComputesAgain) {
  Ingest("nested.paje", kNested);
  EXPECT_EQ(Rows(kPathRows), kNestedPaths);
  CliRun run = Run("summarize --force 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Rows(kPathRows), kNestedPaths);
}

TEST_P(CallPathsCli, ProfileTreePrintsTheMergedTree) {
  Ingest("nested.paje", kNested);
  CliRun text = Run("profile --tree 1");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out,
            "type   depth  call_path  count  inclusive_seconds  exclusive_seconds  "
            "inclusive_share\n"
            "State      0  main           2               12.0                6.0           "
            "100.0%\n"
            "State      1    f            2                5.0                3.0            "
            "41.7%\n"
            "State      2      MPI        2                2.0                2.0            "
            "16.7%\n"
            "State      1    MPI          1                1.0                1.0             "
            "8.3%\n");
  CliRun csv = Run("profile --tree --csv 1");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out,
            "type,depth,call_path,count,inclusive_seconds,exclusive_seconds,inclusive_share\n"
            "State,0,main,2,12.0,6.0,1.0\n"
            "State,1,main;f,2,5.0,3.0,0.416666666666667\n"
            "State,2,main;f;MPI,2,2.0,2.0,0.166666666666667\n"
            "State,1,main;MPI,1,1.0,1.0,0.0833333333333333\n");
  CliRun by_container = Run("profile --tree --by container --csv 1");
  ASSERT_EQ(by_container.exit_code, 0) << by_container.err;
  EXPECT_EQ(by_container.out,
            "container_path,type,depth,call_path,count,inclusive_seconds,exclusive_seconds,"
            "inclusive_share\n"
            "node1/thread1,State,0,main,1,6.0,3.0,1.0\n"
            "node1/thread1,State,1,main;f,1,2.0,1.5,0.333333333333333\n"
            "node1/thread1,State,2,main;f;MPI,1,0.5,0.5,0.0833333333333333\n"
            "node1/thread1,State,1,main;MPI,1,1.0,1.0,0.166666666666667\n"
            "node1/thread2,State,0,main,1,6.0,3.0,1.0\n"
            "node1/thread2,State,1,main;f,1,3.0,1.5,0.5\n"
            "node1/thread2,State,2,main;f;MPI,1,1.5,1.5,0.25\n");
}

TEST_P(CallPathsCli, TreeRefusesWhatTheSummariesCannotAnswer) {
  Ingest("nested.paje", kNested);
  CliRun run = Run("profile --tree --from 1 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--tree answers from the summaries: no --from, --to or --counter"),
            std::string::npos)
      << run.err;
}

// v0 ... v129 pushed each on the one before, then popped: the first 128
// paths are the container's, the rest its "(other paths)".
std::string DeepTrace() {
  std::string body;
  for (int k = 0; k <= 129; ++k) {
    body += "9 " + std::to_string(k) + " S t1 v" + std::to_string(k) + "\n";
  }
  for (int k = 0; k <= 129; ++k) body += "10 " + std::to_string(130 + k) + " S t1\n";
  return body;
}

TEST_P(CallPathsCli, PathsPastTheBoundAreCountedAsOtherPaths) {
  Ingest("deep.paje", DeepTrace());
  EXPECT_EQ(Rows("SELECT count(*), count(value_id) FROM call_path WHERE container_id = 2"),
            (std::vector<std::string>{"129|128"}));
  // v129 (1 s) on v128 (3 s), both past the bound, whose time is v128's;
  // v127 (5 s) the last within it.
  EXPECT_EQ(Rows("SELECT value, CASE WHEN parent_id IS NULL THEN 1 ELSE 0 END, depth, count, "
                 "inclusive_seconds,"
                 " exclusive_seconds FROM call_path_view"
                 " WHERE value IN ('v127', '(other paths)') ORDER BY depth"),
            (std::vector<std::string>{"(other paths)|1|0|2|3.0|3.0", "v127|0|127|1|5.0|2.0"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, CallPathsCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::call_paths_cli_test

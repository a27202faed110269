// A crafted Paraver trace with nested user functions, an MPI call and a
// counter, through the archive on both backends ("Mapping 2" of
// paraver-format.md): the states' values, depths and parents, the
// counter's variable, what each state value counted and the call paths,
// all exact.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis_cli.h"
#include "support/paraver_test_support.h"

namespace tracedb::testing::analysis_cli::paraver_nesting_cli_test {
namespace {

// 1 tick = 1 us, one thread. User functions: main [100, 800), solve pushed
// on it at [200, 500) and [600, 700); MPI_Send [300, 400) (a type of its
// own, so depth 0). Instructions counted over [0, 300) 3000, [300, 400)
// 500, [400, 600) 1000, [600, 800) 400: rates of 10, 5, 5 and 2 per us.
const char* kPrv =
    "#Paraver (01/02/2020 at 10:00):1000_us:1(1):1:1(1:1)\n"
    "2:1:1:1:1:100:60000019:1\n"
    "2:1:1:1:1:200:60000019:2\n"
    "2:1:1:1:1:300:50000001:3:42000050:3000\n"
    "2:1:1:1:1:400:50000001:0:42000050:500\n"
    "2:1:1:1:1:500:60000019:0\n"
    "2:1:1:1:1:600:60000019:2:42000050:1000\n"
    "2:1:1:1:1:700:60000019:0\n"
    "2:1:1:1:1:800:60000019:0:42000050:400\n";
const char* kPcf =
    "EVENT_TYPE\n9 50000001 MPI Point-to-point\nVALUES\n3 MPI_Send\n0 Outside MPI\n\n"
    "EVENT_TYPE\n0 60000019 User function\nVALUES\n0 End\n1 main\n2 solve\n\n"
    "EVENT_TYPE\n7 42000050 PAPI_TOT_INS [Instr completed]\n";

class ParaverNesting : public AnalysisCli {
 protected:
  void SetUp() override {
    AnalysisCli::SetUp();
    if (IsSkipped()) return;
    CliRun run = Tracedb("ingest -q --db " + db() + " " + WriteParaverTrace("nesting", kPrv, kPcf));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
};

// Times are ticks times 1e-6 s, every bit kept (0.0001 is 9.999999999999999e-05).
TEST_P(ParaverNesting, StatesKnowTheirValuesDepthsAndParents) {
  EXPECT_EQ(database_->Rows("SELECT type, value, start_time, end_time, depth, parent_start"
                            " FROM state_view ORDER BY type, start_time"),
            (std::vector<std::string>{
                "MPI Point-to-point|MPI_Send|0.0003|0.00039999999999999996|0|NULL",
                "User function|main|9.999999999999999e-05|0.0007999999999999999|0|NULL",
                "User function|solve|0.00019999999999999998|0.0005|1|9.999999999999999e-05",
                "User function|solve|0.0006|0.0007|1|9.999999999999999e-05"}));
  EXPECT_EQ(database_->Rows("SELECT type, start_time, end_time, value FROM variable_view"
                            " ORDER BY start_time"),
            (std::vector<std::string>{
                "PAPI_TOT_INS [Instr completed]|0.0|0.0003|10000000.0",
                "PAPI_TOT_INS [Instr completed]|0.0003|0.00039999999999999996|5000000.0",
                "PAPI_TOT_INS [Instr completed]|0.00039999999999999996|0.0006|5000000.0",
                "PAPI_TOT_INS [Instr completed]|0.0006|0.0007999999999999999|2000000.0"}));
}

// main: 2000 + 500 + 1000 + 400; solve: 1000 + 500 + 500, then 200.
TEST_P(ParaverNesting, EachStateValueCountsWhatItsStatesCounted) {
  CliRun run = Profile("--counter PAPI_TOT_INS --csv 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,value,count,inclusive_seconds,exclusive_seconds,share,PAPI_TOT_INS,"
            "PAPI_TOT_INS_per_second\n"
            "User function,main,1,0.0007,0.0003,0.3,3900.0,5571428.57142857\n"
            "User function,solve,2,0.0004,0.0004,0.4,2200.0,5500000.0\n"
            "MPI Point-to-point,MPI_Send,1,0.0001,0.0001,0.1,500.0,5000000.0\n");
}

TEST_P(ParaverNesting, CallPathsFollowTheUserFunctions) {
  CliRun run = Profile("--tree --csv 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type,depth,call_path,count,inclusive_seconds,exclusive_seconds,inclusive_share\n"
            "MPI Point-to-point,0,MPI_Send,1,0.0001,0.0001,0.1\n"
            "User function,0,main,1,0.0007,0.0003,0.7\n"
            "User function,1,main;solve,2,0.0004,0.0004,0.4\n");
}

INSTANTIATE_TEST_SUITE_P(Backends, ParaverNesting,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::analysis_cli::paraver_nesting_cli_test

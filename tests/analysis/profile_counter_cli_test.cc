// tracedb profile --counter on both backends: what hardware counters
// counted within each state value, per container, within a window, and
// their ratios, compared exactly with counts worked out by hand; and the
// refusal of a counter the trace does not have.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/flat_profile.h"
#include "analysis_cli.h"
#include "pipeline/open_archive.h"
#include "support/paraver_test_support.h"

namespace tracedb::testing::analysis_cli::profile_counter_cli_test {
namespace {

// Two threads (T1 = THREAD 1.1.1, T2 = THREAD 1.2.1) in milliseconds; states
// Running and Sync; an MPI call (type 50000001, whose value 0 is "Outside
// MPI": intervals) on each; two counters, instructions (42000050) and
// cycles (42000059), sampled on every event record. Extrae's sample (t, n)
// counted n over [the counter's previous sample on the thread, t), the
// first from 0, so the rates per ms are:
//
//        INS                           CYC
//   T1   [0,20) 100  [20,30) 50        [0,20) 200  [20,30) 100
//        [30,60) 100 [60,100) 20       [30,60) 100 [60,100) 40
//   T2   [0,50) 20   [50,80) 30        [0,50) 40   [50,80) 40
//        [80,100) 20                   [80,100) 20
//
// States: T1 Running [0,40), Sync [40,100), MPI_Send [20,30);
//         T2 Sync [0,60), Running [60,100), MPI_Send [50,80).
const char* kPrv =
    "#Paraver (01/02/2020 at 10:00):100_ms:1(2):1:2(1:1,1:1)\n"
    "1:1:1:1:1:0:40:1\n"
    "1:1:1:1:1:40:100:2\n"
    "1:2:1:2:1:0:60:2\n"
    "1:2:1:2:1:60:100:1\n"
    "2:1:1:1:1:20:50000001:3:42000050:2000:42000059:4000\n"
    "2:1:1:1:1:30:50000001:0:42000050:500:42000059:1000\n"
    "2:1:1:1:1:60:42000050:3000:42000059:3000\n"
    "2:1:1:1:1:100:42000050:800:42000059:1600\n"
    "2:2:1:2:1:50:50000001:3:42000050:1000:42000059:2000\n"
    "2:2:1:2:1:80:50000001:0:42000050:900:42000059:1200\n"
    "2:2:1:2:1:100:42000050:400:42000059:400\n";
const char* kPcf =
    "STATES\n1 Running\n2 Sync\n\n"
    "EVENT_TYPE\n9 50000001 MPI P2P\nVALUES\n0 Outside MPI\n3 MPI_Send\n\n"
    "EVENT_TYPE\n7 42000050 PAPI_TOT_INS [Instr completed]\n"
    "7 42000059 PAPI_TOT_CYC [Total cycles]\n";

const char* kCounters = "--counter PAPI_TOT_INS --counter PAPI_TOT_INS/PAPI_TOT_CYC";
const std::string kHeader =
    "type,value,count,inclusive_seconds,exclusive_seconds,share,"
    "PAPI_TOT_INS,PAPI_TOT_INS_per_second,PAPI_TOT_INS/PAPI_TOT_CYC\n";
const std::string kT1 = "APPL 1/TASK 1.1/THREAD 1.1.1";
const std::string kT2 = "APPL 1/TASK 1.2/THREAD 1.2.1";

class ProfileCounters : public AnalysisCli {
 protected:
  void SetUp() override {
    AnalysisCli::SetUp();
    if (IsSkipped()) return;
    std::string path = WriteParaverTrace("counters", kPrv, kPcf);
    CliRun run = Tracedb("ingest -q --db " + db() + " " + path);
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
};

// Instructions, and instructions per cycle:
//   Sync     T1 [40,100): 100*20 + 20*40 = 2800 (CYC 100*20 + 40*40 = 3600)
//            T2 [0,60):   20*50 + 30*10  = 1300 (CYC 40*60 = 2400)
//            4100 in 0.12 s, 4100/6000 per cycle
//   Running  T1 [0,40):   2000 + 500 + 100*10 = 3500 (CYC 4000 + 1000 + 1000 = 6000)
//            T2 [60,100): 30*20 + 20*20 = 1000 (CYC 40*20 + 20*20 = 1200)
//            4500 in 0.08 s, 4500/7200
//   MPI_Send T1 [20,30): 500 (CYC 1000); T2 [50,80): 900 (CYC 1200)
//            1400 in 0.04 s, 1400/2200
TEST_P(ProfileCounters, CountEachStateValuesCountersAndTheirRatio) {
  CliRun run = Profile("--csv " + std::string(kCounters) + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, kHeader +
                         "State,Sync,2,0.12,0.12,0.6,4100.0,34166.6666666667,0.683333333333333\n"
                         "State,Running,2,0.08,0.08,0.4,4500.0,56250.0,0.625\n"
                         "MPI P2P,MPI_Send,2,0.04,0.04,0.2,1400.0,35000.0,0.636363636363636\n");
}

// The share, not the last column any more, is still the percentage.
TEST_P(ProfileCounters, AsATextTableTheShareIsStillAPercentage) {
  CliRun run = Profile(std::string(kCounters) + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "type     value     count  inclusive_seconds  exclusive_seconds  share  PAPI_TOT_INS"
            "  PAPI_TOT_INS_per_second  PAPI_TOT_INS/PAPI_TOT_CYC\n"
            "State    Sync          2               0.12               0.12  60.0%        4100.0"
            "               34166.6667                0.683333333\n"
            "State    Running       2               0.08               0.08  40.0%        4500.0"
            "                  56250.0                      0.625\n"
            "MPI P2P  MPI_Send      2               0.04               0.04  20.0%        1400.0"
            "                  35000.0                0.636363636\n");
}

// The same counts, container by container (sums above).
TEST_P(ProfileCounters, CountPerContainer) {
  CliRun run = Profile("--csv --by container " + std::string(kCounters) + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "container_path," + kHeader +  //
                kT1 + ",State,Sync,1,0.06,0.06,0.6,2800.0,46666.6666666667,0.777777777777778\n" +
                kT2 + ",State,Sync,1,0.06,0.06,0.6,1300.0,21666.6666666667,0.541666666666667\n" +
                kT1 + ",State,Running,1,0.04,0.04,0.4,3500.0,87500.0,0.583333333333333\n" + kT2 +
                ",State,Running,1,0.04,0.04,0.4,1000.0,25000.0,0.833333333333333\n" + kT2 +
                ",MPI P2P,MPI_Send,1,0.03,0.03,0.3,900.0,30000.0,0.75\n" + kT1 +
                ",MPI P2P,MPI_Send,1,0.01,0.01,0.1,500.0,50000.0,0.5\n");
}

// Within [20, 70] ms, states and samples clipped to it:
//   Sync     T1 [40,70): 100*20 + 20*10 = 2200 (CYC 100*20 + 40*10 = 2400)
//            T2 [20,60): 20*30 + 30*10 = 900   (CYC 40*40 = 1600)
//            3100 in 0.07 s, 3100/4000
//   Running  T1 [20,40): 50*10 + 100*10 = 1500 (CYC 100*20 = 2000)
//            T2 [60,70): 30*10 = 300           (CYC 40*10 = 400)
//            1800 in 0.03 s, 1800/2400
//   MPI_Send T1 [20,30): 500 (CYC 1000); T2 [50,70): 30*20 = 600 (CYC 800)
//            1100 in 0.03 s, 1100/1800
// Shares over the lifetimes within the window, 2 * 0.05 s; MPI_Send and
// Running tie on time, and go by type. (The window is chosen so that no
// figure lies on a rounding boundary of the 15 digits printed, where the
// last bit of the times' arithmetic would pick the last digit: with [25,
// 70], 3000/0.065 is 46153.846153846153..., printed ...461 or ...462.)
TEST_P(ProfileCounters, CountWithinAWindowClipsStatesAndSamples) {
  CliRun run = Profile("--csv --from 0.02 --to 0.07 " + std::string(kCounters) + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, kHeader +
                         "State,Sync,2,0.07,0.07,0.7,3100.0,44285.7142857143,0.775\n"
                         "MPI P2P,MPI_Send,2,0.03,0.03,0.3,1100.0,36666.6666666667,"
                         "0.611111111111111\n"
                         "State,Running,2,0.03,0.03,0.3,1800.0,60000.0,0.75\n");
}

// A counter's column is named as typed; a label after the name does not
// have to be typed, but the name must be whole.
TEST_P(ProfileCounters, ACounterNamedInFullOrAsJsonMember) {
  CliRun run = Profile("--json --type 'MPI P2P' --counter 'PAPI_TOT_CYC [Total cycles]' 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "[\n"
            "{\"type\":\"MPI P2P\",\"value\":\"MPI_Send\",\"count\":2,\"inclusive_seconds\":0.04,"
            "\"exclusive_seconds\":0.04,\"share\":0.2,\"PAPI_TOT_CYC [Total cycles]\":2200.0,"
            "\"PAPI_TOT_CYC [Total cycles]_per_second\":55000.0}\n"
            "]\n");
}

TEST_P(ProfileCounters, AnUnknownCounterIsRefused) {
  std::string types =
      "(its variable types: 'PAPI_TOT_CYC [Total cycles]', "
      "'PAPI_TOT_INS [Instr completed]')\n";
  EXPECT_EQ(Refusal("--counter PAPI_L1_DCM 1"),
            "tracedb: " + db() + ": trace 1 (counters.prv) has no counter 'PAPI_L1_DCM' " + types);
  EXPECT_EQ(Refusal("--counter PAPI_TOT_INS/PAPI_TOT 1"),
            "tracedb: " + db() + ": trace 1 (counters.prv) has no counter 'PAPI_TOT' " + types);
  CliRun run = Profile("--counter PAPI_TOT_INS/ 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb profile: --counter takes NAME or A/B (a ratio), not 'PAPI_TOT_INS/'\n"
            "(run 'tracedb profile --help' for usage)\n");
}

// docs/archive.md's query 6, per state type and value: every state's
// overlap with every sample, summed in the database.
const char* kQuery6 =
    "SELECT st.name, v.name,"
    "       sum(x.value * (CASE WHEN x.end_time < s.end_time THEN x.end_time ELSE s.end_time END"
    "                    - CASE WHEN x.start_time > s.start_time THEN x.start_time"
    "                      ELSE s.start_time END))"
    " FROM state s"
    " JOIN value v ON v.trace_id = s.trace_id AND v.id = s.value_id"
    " JOIN type st ON st.trace_id = s.trace_id AND st.id = s.type_id"
    " JOIN variable x ON x.trace_id = s.trace_id AND x.container_id = s.container_id"
    "                AND x.start_time < s.end_time AND x.end_time > s.start_time"
    " JOIN type t ON t.trace_id = x.trace_id AND t.id = x.type_id"
    " WHERE s.trace_id = 2 AND t.name LIKE 'PAPI_TOT_INS%'"
    " GROUP BY st.name, v.name";

// On a generated trace of nested OpenMP and MPI states and three counters
// sampled at every event, the profile's counts are query 6's, to the
// rounding of sums added up in another order.
TEST_P(ProfileCounters, CountsAreWhatTheSqlOfTheArchiveDocCounts) {
  std::string prv = Folder() + "/generated.prv";
  std::string gen = std::string(TRACEDB_GEN_PRV) +
                    " --size 300K --tasks 4 --threads-per-task 2 --nodes 2 --seed 5 --out " + prv +
                    " 2>/dev/null";
  ASSERT_EQ(std::system(gen.c_str()), 0);
  CliRun ingest = Tracedb("ingest -q --db " + db() + " " + prv);
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  std::map<std::string, double> expected;
  for (const std::string& row : database_->Rows(kQuery6)) {
    size_t last = row.rfind('|');
    expected[row.substr(0, last)] = std::stod(row.substr(last + 1));
  }
  ASSERT_GT(expected.size(), 5u);
  std::unique_ptr<Archive> archive = OpenArchive(db(), ArchiveAccess::kRead);
  TraceRecord trace = archive->catalog->ListTraces().back();
  ASSERT_EQ(trace.id, 2);
  ResultTable profile =
      FlatProfile(*archive->reader, trace, {.counters = ParseCounterRequest({"PAPI_TOT_INS"})});
  size_t counted = 0;
  for (const std::vector<Cell>& row : profile.rows) {
    std::string key = row[0].text + "|" + row[1].text;
    double count = std::stod(row[6].text);
    auto found = expected.find(key);
    double sql = found == expected.end() ? 0 : found->second;
    EXPECT_NEAR(count, sql, 1e-9 * (1 + std::abs(sql))) << key;
    counted += found != expected.end();
  }
  EXPECT_EQ(counted, expected.size());
}

INSTANTIATE_TEST_SUITE_P(Backends, ProfileCounters,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::analysis_cli::profile_counter_cli_test

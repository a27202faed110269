// The unit of a trace's times on both backends: a Pajé trace loaded with
// --time-unit ms says milliseconds in every column header, axis and label,
// keeps its times as written (dump --db prints the file's), and a format
// that knows its unit (Paraver: seconds) keeps it, with a warning.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis_cli.h"
#include "support/paraver_test_support.h"

namespace tracedb::testing::analysis_cli::time_unit_cli_test {
namespace {

class TimeUnits : public AnalysisCli {
 protected:
  // kTwins, in milliseconds; its id.
  void IngestInMilliseconds() {
    std::string path = WriteTempFile("twins-ms.paje", Header() + kTwins);
    CliRun run = Tracedb("ingest -q --time-unit ms --db " + db() + " " + path);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, "");
  }
  std::string Out(const std::string& args) {
    CliRun run = Tracedb(args + " --db " + db());
    EXPECT_EQ(run.exit_code, 0) << args << ": " << run.err;
    return run.out;
  }
  static std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }
};

TEST_P(TimeUnits, EveryHeaderSaysMilliseconds) {
  IngestInMilliseconds();
  EXPECT_EQ(database_->Rows("SELECT time_unit FROM trace"), std::vector<std::string>{"ms"});
  EXPECT_EQ(FirstLine(Out("profile --csv 1")),
            "type,value,count,inclusive_milliseconds,exclusive_milliseconds,share");
  EXPECT_EQ(FirstLine(Out("profile --tree --csv 1")),
            "type,depth,call_path,count,inclusive_milliseconds,exclusive_milliseconds,"
            "inclusive_share");
  EXPECT_EQ(FirstLine(Out("comm --csv 1")),
            "type,start_container_path,end_container_path,messages,bytes,milliseconds");
  std::string info = Out("info 1");
  EXPECT_NE(info.find("\ntime_unit        ms\n"), std::string::npos) << info;
  std::string list = Out("list --json");
  EXPECT_NE(list.find("\"time_unit\":\"ms\""), std::string::npos) << list;
}

TEST_P(TimeUnits, TheReportsAxesAndLabelsSayMilliseconds) {
  IngestInMilliseconds();
  std::string html = Folder() + "/twins-ms.html";
  Out("report -o " + html + " 1");
  std::string page = ReadWholeFile(html);
  EXPECT_EQ(Count(page, "time (s)"), 0u);
  EXPECT_GE(Count(page, "time (ms)"), 2u);  // the Gantt's axis and utilisation's
  EXPECT_NE(page.find("<td>span</td><td>0.0 ms to 3.0 ms (3.0 ms)</td>"), std::string::npos)
      << page.substr(page.find("<table class=\"facts\">"), 600);
  EXPECT_NE(page.find("<th>inclusive_milliseconds</th>"), std::string::npos);
}

TEST_P(TimeUnits, TimesAreKeptAsWritten) {
  IngestInMilliseconds();
  std::string file = WriteTempFile("twins-ms.paje", Header() + kTwins);
  CliRun from_file = Tracedb("dump " + file);
  ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
  EXPECT_EQ(SortedLines(Out("dump 1")), SortedLines(from_file.out));
}

TEST_P(TimeUnits, AFormatThatKnowsItsUnitKeepsIt) {
  std::string path = WriteParaverTrace("seconds",
                                       "#Paraver (01/02/2020 at 10:00):100_ns:1(1):1:1(1:1)\n"
                                       "1:1:1:1:1:0:100:1\n");
  CliRun run = Tracedb("ingest -q --time-unit ms --db " + db() + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err.substr(0, run.err.find('\n') + 1),
            "tracedb: warning: " + path +
                ": Paraver times are in s, whatever --time-unit says (it applies to Pajé "
                "traces)\n");
  EXPECT_EQ(database_->Rows("SELECT time_unit FROM trace"), std::vector<std::string>{"s"});
}

TEST_P(TimeUnits, OnlyTheFourUnitsAreTaken) {
  CliRun run = Tracedb("ingest --time-unit min --db " + db() + " x.paje");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb ingest: --time-unit must be s, ms, us or ns, not 'min'\n"
            "(run 'tracedb ingest --help' for usage)\n");
}

INSTANTIATE_TEST_SUITE_P(Backends, TimeUnits,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::analysis_cli::time_unit_cli_test

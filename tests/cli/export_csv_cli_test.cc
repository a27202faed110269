// tracedb export-csv: a small trace's tables as CSV files, compared byte
// for byte, on both backends; the files appear together or not at all.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>

#include "db/loader_process.h"
#include "db/trace_tables.h"
#include "input/file_digest.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::export_csv_cli_test {
namespace {

// An event type with a user-defined field, Size: its events keep it in
// `extra` as JSON, whose quotes CSV doubles.
const char* kSizedEvent =
    "%EventDef PajeNewEvent 20\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% Size string\n%EndEventDef\n";

// A state value with a comma; a time with more digits than a double holds
// (the nearest double prints as 1.2345678901234567, every digit of it kept
// where `tracedb query` would show 15); the trace ends at 2.5.
const char* kBody =
    "8 1.0 S t1 \"Wait, long\"\n"
    "9 1.23456789012345678 S t1 B\n"
    "10 2.0 S t1\n"
    "8 1.5 S t2 B\n"
    "20 2.5 E t2 hello 8\n"
    "13 1.0 V t2 5\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

const char* kTables[] = {"trace",
                         "type",
                         "value",
                         "container",
                         "state",
                         "event",
                         "variable",
                         "link",
                         "state_summary",
                         "event_summary",
                         "variable_summary",
                         "link_summary",
                         "state_profile",
                         "state_duration",
                         "call_path"};

std::string CsvOf(const std::string& dir, const std::string& table) {
  return FileBytes(dir + "/" + table + ".csv");
}

std::set<std::string> FilesIn(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

class ExportCsvCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "export");
    db_ = database_->url();
    CliRun run = Tracedb("ingest -q --db " + db_ + " --comment 'small, \"quoted\"' " + trace_);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::filesystem::remove_all(dir_);
  }

  CliRun Export(const std::string& args) { return Tracedb("export-csv --db " + db_ + " " + args); }

  // trace.csv with what changes from run to run masked.
  std::string MaskedTraceCsv() {
    std::string text = CsvOf(dir_, "trace");
    text = std::regex_replace(text, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"), "TIME");
    return std::regex_replace(text, std::regex("," + ThisHost() + R"(,\d+,)"), ",HOST,PID,");
  }

  std::unique_ptr<TestDatabase> database_;
  std::string db_;
  std::string trace_ = WriteTempFile("export.paje", kSizedEvent + Header() + kBody);
  std::string dir_ = FreshDbPath("export-out") + "/nested/dir";
};

TEST_P(ExportCsvCli, WritesEveryTableOfTheTraceExactly) {
  CliRun run = Export("export.paje " + dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(FilesIn(dir_), (std::set<std::string>{
                               "trace.csv", "type.csv", "value.csv", "container.csv", "state.csv",
                               "event.csv", "variable.csv", "link.csv", "state_summary.csv",
                               "event_summary.csv", "variable_summary.csv", "link_summary.csv",
                               "state_profile.csv", "state_duration.csv", "call_path.csv"}));
  EXPECT_EQ(MaskedTraceCsv(),
            "id,name,path,format,size_bytes,sha256,comment,ingested_at,tool_version,status,"
            "error,loader_host,loader_pid,start_time,end_time,container_count,state_count,"
            "event_count,variable_count,link_count,metadata,skipped_lines,skipped_errors,tags,"
            "profile_bins,time_unit\n"
            "1,export.paje," +
                trace_ + ",paje," + std::to_string(std::filesystem::file_size(trace_)) + "," +
                Sha256OfFile(trace_) +
                ",\"small, "
                "\"\"quoted\"\"\",TIME,0.1.0,complete,,HOST,PID,0.0,2.5,4,3,1,1,1,,0,,,1000,s\n");
  EXPECT_EQ(CsvOf(dir_, "type"),
            "trace_id,id,parent_id,kind,name,alias,start_type_id,end_type_id\n"
            "1,0,,container,0,,,\n"
            "1,1,0,container,Node,N,,\n"
            "1,2,1,container,Thread,T,,\n"
            "1,3,2,state,State,S,,\n"
            "1,4,2,event,Ev,E,,\n"
            "1,5,2,variable,Var,V,,\n"
            "1,6,0,link,Link,L,2,2\n");
  EXPECT_EQ(CsvOf(dir_, "value"),
            "trace_id,id,type_id,name,alias,color\n"
            "1,0,3,\"Wait, long\",,\n"
            "1,1,3,B,,\n"
            "1,2,4,hello,,\n"
            "1,3,6,m,,\n");
  EXPECT_EQ(CsvOf(dir_, "container"),
            "trace_id,id,parent_id,type_id,name,alias,start_time,end_time,extra,path\n"
            "1,0,,0,0,,0.0,2.5,,\n"
            "1,1,0,1,node1,n1,0.0,2.5,,node1\n"
            "1,2,1,2,thread1,t1,0.0,2.5,,node1/thread1\n"
            "1,3,1,2,thread2,t2,0.0,2.5,,node1/thread2\n");
  EXPECT_EQ(CsvOf(dir_, "state"),
            "trace_id,container_id,type_id,value_id,start_time,end_time,depth,extra,duration_class,"
            "long_state,parent_start\n"
            "1,2,3,0,1.0,2.5,0,,1,1,\n"
            "1,2,3,1,1.2345678901234567,2.0,1,,0,1,1.0\n"
            "1,3,3,1,1.5,2.5,0,,1,1,\n");
  // PostgreSQL's jsonb prints a blank after ':'.
  bool sqlite = GetParam() == Backend::kSqlite;
  EXPECT_EQ(CsvOf(dir_, "event"),
            "trace_id,container_id,type_id,value_id,time,extra,number\n"
            "1,3,4,2,2.5,\"{\"\"Size\"\":" +
                std::string(sqlite ? "" : " ") + "\"\"8\"\"}\",\n");
  EXPECT_EQ(CsvOf(dir_, "variable"),
            "trace_id,container_id,type_id,start_time,end_time,value,extra\n"
            "1,3,5,1.0,2.5,5.0,\n");
  EXPECT_EQ(CsvOf(dir_, "link"),
            "trace_id,container_id,type_id,value_id,key,start_container_id,end_container_id,"
            "start_time,end_time,extra,size,tag\n"
            "1,0,6,3,k1,2,3,1.5,2.5,,,\n");
  // B (1.2345678901234567 to 2.0) is pushed on A (1.0 to 2.5): A's
  // exclusive time is 1.5 - 0.7654321098765433.
  EXPECT_EQ(CsvOf(dir_, "state_summary"),
            "trace_id,container_id,type_id,value_id,count,inclusive_seconds,exclusive_seconds,"
            "min_seconds,max_seconds\n"
            "1,2,3,0,1,1.5,0.7345678901234567,1.5,1.5\n"
            "1,2,3,1,1,0.7654321098765433,0.7654321098765433,0.7654321098765433,"
            "0.7654321098765433\n"
            "1,3,3,1,1,1.0,1.0,1.0,1.0\n");
  EXPECT_EQ(CsvOf(dir_, "event_summary"), "trace_id,container_id,type_id,value_id,count\n1,3,4,2,1\n");
  EXPECT_EQ(CsvOf(dir_, "variable_summary"),
            "trace_id,container_id,type_id,count,min,max,time_weighted_mean,start_time,end_time\n"
            "1,3,5,1,5.0,5.0,5.0,1.0,2.5\n");
  EXPECT_EQ(CsvOf(dir_, "link_summary"),
            "trace_id,type_id,start_container_id,end_container_id,messages,bytes,seconds\n"
            "1,6,2,3,1,,1.0\n");
  // 1.5 time units in bins of 2^-9: 768 of them.
  std::string profile = CsvOf(dir_, "state_profile");
  EXPECT_EQ(profile.substr(0, profile.find('\n', profile.find('\n') + 1) + 1),
            "trace_id,type_id,value_id,bin,bin_start,bin_end,seconds\n"
            "1,3,0,0,1.0,1.001953125,0.001953125\n");
  // Durations 1.5 and 1.0 in [2^0, 2^1), 0.7654321098765433 in [2^-1, 2^0).
  EXPECT_EQ(CsvOf(dir_, "state_duration"),
            "trace_id,duration_class,count,min_seconds,max_seconds,seconds,short_max_seconds\n"
            "1,0,1,0.7654321098765433,0.7654321098765433,0.7654321098765433,\n"
            "1,1,2,1.0,1.5,2.5,\n");
  // Path 1 (Wait, long) on thread1 holds path 3 (B); path 2 is B alone on thread2.
  EXPECT_EQ(CsvOf(dir_, "call_path"),
            "trace_id,path_id,parent_id,container_id,type_id,value_id,depth,count,"
            "inclusive_seconds,exclusive_seconds\n"
            "1,1,,2,3,0,0,1,1.5,0.7345678901234567\n"
            "1,2,,3,3,1,0,1,1.0,1.0\n"
            "1,3,1,2,3,1,1,1,0.7654321098765433,0.7654321098765433\n");
}

TEST_P(ExportCsvCli, RefusesExistingFilesAndWritesNothing) {
  std::filesystem::create_directories(dir_);
  std::filesystem::copy_file(WriteTempFile("mine.csv", "mine\n"), dir_ + "/state.csv");
  CliRun run = Export("1 " + dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "tracedb: error: " + dir_ + "/state.csv: file exists (use --force to replace it)\n");
  EXPECT_EQ(FilesIn(dir_), std::set<std::string>{"state.csv"});
  EXPECT_EQ(CsvOf(dir_, "state"), "mine\n");
}

TEST_P(ExportCsvCli, ForceReplacesExistingFiles) {
  ASSERT_EQ(Export("1 " + dir_).exit_code, 0);
  std::string state = CsvOf(dir_, "state");
  std::filesystem::resize_file(dir_ + "/state.csv", 3);
  CliRun run = Export("--force 1 " + dir_);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(CsvOf(dir_, "state"), state);
  EXPECT_EQ(FilesIn(dir_).size(), std::size(kTables));
}

// Trace 2 of 3, the same rows as trace 1 (a comment line makes each file
// another trace): its files are trace 1's with trace_id 2, no row of its
// neighbours in them, though SQLite reads state_profile and link_summary by
// range of rowid.
TEST_P(ExportCsvCli, ATraceBetweenOthersGetsItsOwnRowsOnly) {
  for (const char* copy : {"# copy 2\n", "# copy 3\n"}) {
    std::string path = WriteTempFile("export-copy.paje", copy + FileBytes(trace_));
    ASSERT_EQ(Tracedb("ingest -q --db " + db_ + " " + path).exit_code, 0);
  }
  ASSERT_EQ(Export("1 " + dir_ + "/1").exit_code, 0);
  CliRun run = Export("2 " + dir_ + "/2");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* table : kTables) {
    if (std::string(table) == "trace") continue;
    std::string expected =
        std::regex_replace(CsvOf(dir_ + "/1", table), std::regex("\n1,"), "\n2,");
    EXPECT_EQ(CsvOf(dir_ + "/2", table), expected) << table;
  }
  std::string profile = CsvOf(dir_ + "/2", "state_profile");
  EXPECT_EQ(std::count(profile.begin(), profile.end(), '\n'), 1026);  // a header, 1,025 bins
}

// Rows equal in container and time, in an order other than the one they
// were stored in: A is pushed, then B on it, both at 1.0, and B ends first;
// beta's events have the smaller value id; link k2 (from t2) ends first.
const char* kTiedBody =
    "9 1.0 S t1 A\n"
    "9 1.0 S t1 B\n"
    "12 1.0 E t2 beta\n"
    "12 1.0 E t2 alpha\n"
    "13 1.0 V t2 5\n"
    "13 1.0 V t2 7\n"
    "10 1.5 S t1\n"
    "16 1.5 L 0 m t1 k1\n"
    "16 1.5 L 0 m t2 k2\n"
    "10 2.0 S t1\n"
    "12 2.0 E t2 alpha\n"
    "12 2.0 E t2 beta\n"
    "17 2.5 L 0 m t1 k2\n"
    "17 2.5 L 0 m t2 k1\n";

// SQLite reads the entity tables in their index's order and export-csv
// sorts the ties (db/tie_sort.h): the files are what the whole ORDER BY
// gives, as `tracedb query` prints it.
TEST_P(ExportCsvCli, RowsTiedInContainerAndTimeComeInTheTablesWholeOrder) {
  std::string path = WriteTempFile("export-ties.paje", Header() + kTiedBody);
  ASSERT_EQ(Tracedb("ingest -q --db " + db_ + " " + path).exit_code, 0);
  CliRun run = Export("2 " + dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(CsvOf(dir_, "state"),
            "trace_id,container_id,type_id,value_id,start_time,end_time,depth,extra,duration_class,"
            "long_state,parent_start\n"
            "2,2,3,0,1.0,2.0,0,,1,1,\n"
            "2,2,3,1,1.0,1.5,1,,0,1,1.0\n");
  EXPECT_EQ(CsvOf(dir_, "event"),
            "trace_id,container_id,type_id,value_id,time,extra,number\n"
            "2,3,4,2,1.0,,\n"
            "2,3,4,3,1.0,,\n"
            "2,3,4,2,2.0,,\n"
            "2,3,4,3,2.0,,\n");
  for (const TraceTable& table : kTraceTables) {
    if (table.index_keys == 0) continue;
    CliRun query = Tracedb("query --csv --db " + db_ + " 'SELECT * FROM " + table.name +
                           " WHERE trace_id = 2 ORDER BY " + table.order + "'");
    ASSERT_EQ(query.exit_code, 0) << query.err;
    EXPECT_EQ(CsvOf(dir_, table.name), query.out) << table.name;
  }
}

// Tables are written by several readers at once: one that fails (here
// state.csv.part is a folder) stops the export, and every other reader's
// file goes with it.
TEST_P(ExportCsvCli, AFileThatCannotBeWrittenLeavesNoFile) {
  std::filesystem::create_directories(dir_ + "/state.csv.part");
  CliRun run = Export("1 " + dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: error: " + dir_ + "/state.csv.part: Is a directory\n");
  EXPECT_EQ(FilesIn(dir_), std::set<std::string>{"state.csv.part"});
}

// ctrl-C (or SIGTERM) while the tables are being written: every file begun
// is removed, one there before is kept, and the exit status is the shell's
// for that signal.
TEST_P(ExportCsvCli, AnInterruptedExportLeavesNoFileOfIt) {
  std::string big = WriteTempFile("export-big.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 10M " + big).c_str()), 0);
  ASSERT_EQ(Tracedb("ingest -q --db " + db_ + " " + big).exit_code, 0);
  for (int signal : {SIGINT, SIGTERM}) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    std::filesystem::copy_file(WriteTempFile("mine.csv", "mine\n"), dir_ + "/state.csv");
    BackgroundChild run(TRACEDB_BINARY, {"export-csv", "--force", "--db", db_, "2", dir_});
    while (run.Running() && !std::filesystem::exists(dir_ + "/state.csv.part")) usleep(1'000);
    run.Signal(signal);
    ChildRun ended = run.Wait();
    EXPECT_FALSE(ended.signaled);
    EXPECT_EQ(ended.exit_code, 128 + signal);
    EXPECT_EQ(ended.err, "interrupted: no file written in " + dir_ + "\n");
    EXPECT_EQ(FilesIn(dir_), std::set<std::string>{"state.csv"});
    EXPECT_EQ(CsvOf(dir_, "state"), "mine\n");
  }
}

TEST_P(ExportCsvCli, RefusesAnUnknownTrace) {
  CliRun run = Export("nosuch " + dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "tracedb: " + database_->display() + ": no trace 'nosuch' (see tracedb list)\n");
  EXPECT_FALSE(std::filesystem::exists(dir_));
}

TEST_P(ExportCsvCli, WantsTraceAndDir) {
  CliRun run = Export("1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(
      run.err,
      "tracedb export-csv: give TRACE and DIR\n(run 'tracedb export-csv --help' for usage)\n");
}

INSTANTIATE_TEST_SUITE_P(Backends, ExportCsvCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::export_csv_cli_test

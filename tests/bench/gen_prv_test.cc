// tracedb-gen-prv, the Paraver generator of scripts/bench: tracedb dump and ingest accept its
// traces and find in them exactly what it reports on stderr, its header follows the layout
// its options ask for, and a seed always gives the same bytes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "db/sqlite/sqlite_connection.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::gen_prv_test {
namespace {

namespace fs = std::filesystem;

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What the generator reports: "gen_prv: bytes=20546 nodes=2 ... end_ns=3800606".
using Report = std::map<std::string, uint64_t>;

Report ParseReport(const std::string& line) {
  Report report;
  std::stringstream words(line);
  std::string word;
  words >> word;
  EXPECT_EQ(word, "gen_prv:");
  while (words >> word) {
    size_t eq = word.find('=');
    report[word.substr(0, eq)] = std::stoull(word.substr(eq + 1));
  }
  return report;
}

// Runs the generator with `args` into `path` (and its companions); its report.
Report Generate(const std::string& args, const std::string& path) {
  std::string err = WriteTempFile("gen.err", "");
  std::string command = std::string(TRACEDB_GEN_PRV) + " " + args + " --out " + path + " 2>" + err;
  EXPECT_EQ(std::system(command.c_str()), 0) << ReadText(err);
  return ParseReport(ReadText(err));
}

// How many lines start with each of `prefixes`.
std::map<std::string, uint64_t> CountPrefixes(const std::string& text,
                                              const std::vector<std::string>& prefixes) {
  std::map<std::string, uint64_t> counts;
  for (const std::string& prefix : prefixes) counts[prefix] = 0;
  std::stringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    for (const std::string& prefix : prefixes) counts[prefix] += line.starts_with(prefix);
  }
  return counts;
}

uint64_t Count(const std::string& text, const std::string& part) {
  uint64_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::vector<std::string> Split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, separator);) fields.push_back(field);
  return fields;
}

// The largest time of any record: a state's BEGIN and END (unless -1), an event's TIME, the
// LSEND, PSEND, LRECV and PRECV of a communication.
uint64_t LargestTime(const std::string& text) {
  const std::map<std::string, std::vector<size_t>> kTimeFields = {
      {"1", {5, 6}}, {"2", {5}}, {"3", {5, 6, 11, 12}}};
  uint64_t largest = 0;
  std::stringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> fields = Split(line, ':');
    auto kind = kTimeFields.find(fields[0]);
    if (kind == kTimeFields.end()) continue;
    for (size_t i : kind->second) {
      if (fields[i] != "-1") largest = std::max<uint64_t>(largest, std::stoull(fields[i]));
    }
  }
  return largest;
}

// 7 tasks of 3 threads on 3 nodes: blocks of ceil(7 / 3) = 3 tasks, so the nodes hold 3, 3
// and 1 task, and each node has 3 * 3 CPUs, one per thread of a full node.
const char* kLayout = "--nodes 3 --tasks 7 --threads-per-task 3";
constexpr uint64_t kNodes = 3, kTasks = 7, kThreads = 21, kCpus = 27;

// The event rows of a trace: its pairs but those that open or close intervals and the
// counter samples.
uint64_t Events(Report& report) {
  return report["events"] - report["interval_opens"] - report["interval_closes"] -
         report["counter_samples"];
}

TEST(GenPrv, HeaderFollowsTheLayoutAndEndsAtTheLastRecord) {
  std::string path = WriteTempFile("layout.prv", "");
  Report report = Generate(std::string(kLayout) + " --size 300K --seed 5", path);
  EXPECT_EQ(report["nodes"], kNodes);
  EXPECT_EQ(report["tasks"], kTasks);
  EXPECT_EQ(report["threads"], kThreads);
  EXPECT_EQ(report["cpus"], kCpus);
  std::string text = ReadText(path);
  EXPECT_EQ(report["bytes"], text.size());
  EXPECT_EQ(text.substr(0, text.find('\n') + 1),
            "#Paraver (01/03/2024 at 10:00):" + std::to_string(report["end_ns"]) +
                "_ns:3(9,9,9):1:7(3:1,3:1,3:1,3:2,3:2,3:2,3:3),2\n");
  EXPECT_NE(text.find("\nc:1:1:7:1:2:3:4:5:6:7\nc:1:2:1:1\n"), std::string::npos);
  EXPECT_EQ(report["end_ns"], LargestTime(text));
  // Every thread's last state is open.
  EXPECT_EQ(report["open_states"], kThreads);
  EXPECT_EQ(Count(text, ":-1:"), kThreads);
}

TEST(GenPrv, DumpFindsExactlyWhatTheGeneratorReports) {
  std::string path = WriteTempFile("counted.prv", "");
  Report report = Generate(std::string(kLayout) + " --size 1M --seed 5", path);
  std::string text = ReadText(path);
  std::map<std::string, uint64_t> records = CountPrefixes(text, {"1:", "2:", "3:"});
  EXPECT_EQ(records["1:"], report["states"]);
  EXPECT_EQ(records["2:"], report["event_records"]);
  EXPECT_EQ(records["3:"], report["communications"]);

  CliRun dump = Tracedb("dump " + path);
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(dump.err, "");
  std::map<std::string, uint64_t> rows =
      CountPrefixes(dump.out, {"Container, ", "State, ", "Event, ", "Variable, ", "Link, "});
  // The root, the application, then the header's objects.
  EXPECT_EQ(rows["Container, "], 2 + kTasks + kThreads + kNodes + kCpus);
  // Mapping 2: each pair that opens an interval is a state, the pairs that close them and the
  // counter samples are no events, each sample a variable.
  EXPECT_EQ(rows["State, "], report["states"] + report["interval_opens"]);
  EXPECT_EQ(rows["Event, "], Events(report));
  EXPECT_EQ(rows["Variable, "], report["counter_samples"]);
  EXPECT_GT(report["interval_opens"], 0u);
  EXPECT_GT(report["interval_closes"], 0u);
  EXPECT_GT(report["counter_samples"], 0u);
  EXPECT_EQ(rows["Link, "], report["communications"]);
  EXPECT_GT(report["communications"], 0u);
}

TEST(GenPrv, IngestStoresTheReportedCountsAndEnd) {
  std::string path = WriteTempFile("stored.prv", "");
  Report report = Generate(std::string(kLayout) + " --size 1M --seed 6", path);
  std::string db = FreshDbPath("gen_prv.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  SqliteConnection c(db);
  EXPECT_EQ(
      Rows(c,
           "SELECT format, container_count, state_count, event_count, variable_count, "
           "link_count, CAST(round(end_time / 1e-9) AS INTEGER) FROM trace"),
      std::vector<std::string>{
          "paraver|" + std::to_string(2 + kTasks + kThreads + kNodes + kCpus) + "|" +
          std::to_string(report["states"] + report["interval_opens"]) + "|" +
          std::to_string(Events(report)) + "|" + std::to_string(report["counter_samples"]) + "|" +
          std::to_string(report["communications"]) + "|" + std::to_string(report["end_ns"])});
}

// Thread 1.1.1's free-running counter starts at 2^64 - 1; the .pcf names every state, event
// type and MPI value, the .row the nodes and CPUs; a user value may be negative.
TEST(GenPrv, ValuesSpanSixtyFourBitsAndCompanionsNameThem) {
  std::string path = WriteTempFile("named.prv", "");
  Report report = Generate(std::string(kLayout) + " --size 500K --seed 8", path);
  CliRun dump = Tracedb("dump " + path);
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(Count(dump.out,
                  "Event, THREAD 1.1.1, Timestamp counter (wraps at 2^64), 0.000000, "
                  "18446744073709551615\n"),
            1u);
  EXPECT_EQ(Count(dump.out, "State, THREAD 1.1.1, Application, 0.000000, "), 1u);
  EXPECT_EQ(Count(dump.out, "Container, nid0003, CPU, 0, "), 9u);
  EXPECT_EQ(Count(dump.out, ", 27.nid0003\n"), 1u);
  EXPECT_GT(Count(dump.out, ", MPI Point-to-point, "), 0u);
  EXPECT_GT(Count(dump.out, ", User value (signed), "), 0u);
  // No number is left unnamed: state values and MPI calls all have labels.
  std::stringstream lines(dump.out);
  uint64_t states = 0, negative = 0;
  for (std::string line; std::getline(lines, line);) {
    std::string last = line.substr(line.rfind(", ") + 2);
    if (line.starts_with("State, ")) {
      ++states;
      EXPECT_EQ(last.find_first_not_of("0123456789"), 0u) << line;
    }
    if (line.find(", MPI ") != std::string::npos) {
      EXPECT_TRUE(last.starts_with("MPI_") || last == "Outside MPI") << line;
    }
    negative += line.find(", User value (signed), ") != std::string::npos && last[0] == '-';
  }
  EXPECT_EQ(states, report["states"] + report["interval_opens"]);
  EXPECT_GT(negative, 0u);
}

TEST(GenPrv, SameSeedSameBytesOnStdoutOrInAFile) {
  const std::string gen =
      std::string(TRACEDB_GEN_PRV) + " --size 200K --tasks 4 --threads-per-task 2 --nodes 2";
  std::string file = WriteTempFile("seeded.prv", "");
  ASSERT_EQ(std::system((gen + " --seed 9 --out " + file + " 2>/dev/null").c_str()), 0);
  std::string piped = WriteTempFile("piped.prv", "");
  ASSERT_EQ(std::system((gen + " --seed 9 >" + piped + " 2>/dev/null").c_str()), 0);
  EXPECT_TRUE(ReadText(piped) == ReadText(file));
  EXPECT_TRUE(fs::exists(fs::path(file).replace_extension(".pcf")));
  EXPECT_TRUE(fs::exists(fs::path(file).replace_extension(".row")));
  EXPECT_FALSE(fs::exists(fs::path(piped).replace_extension(".pcf")));  // stdout: no companions
  std::string other = WriteTempFile("other.prv", "");
  ASSERT_EQ(std::system((gen + " --seed 10 >" + other + " 2>/dev/null").c_str()), 0);
  EXPECT_FALSE(ReadText(other) == ReadText(file));
}

TEST(GenPrv, BadOptionsPrintUsageAndExitTwo) {
  for (const char* args :
       {"", "--size", "--size 1M --tasks 1", "--size 1M --nodes 0", "--size 1M --tasks 4 --nodes 5",
        "--size 1M --threads-per-task 0", "--size 1M --colour blue", "--size lots"}) {
    std::string command = std::string(TRACEDB_GEN_PRV) + " " + args + " >/dev/null 2>&1";
    int status = std::system(command.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2) << args;
  }
}

}  // namespace
}  // namespace tracedb::testing::gen_prv_test

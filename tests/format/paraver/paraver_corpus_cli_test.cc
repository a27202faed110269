// The real Extrae traces of the shared corpus (../shared/conformance/paraver)
// under "Mapping 2": `profile` counts, per interval type (MPI calls, OpenMP
// functions...), as many states as the file has pairs that open one, and
// the Gantt chart (the report's) has a row of each type.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "format/paraver/interval_events.h"
#include "format/paraver/pcf_labels.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::paraver_corpus_cli_test {
namespace {

namespace fs = std::filesystem;

std::string Companion(const std::string& prv, const char* extension) {
  std::string base = prv.ends_with(".gz") ? prv.substr(0, prv.size() - 3) : prv;
  return fs::path(base).replace_extension(extension).string();
}

// Per interval type's label: the pairs of the trace that open an interval.
std::map<std::string, uint64_t> Openings(const std::string& prv, const paraver::PcfLabels& pcf) {
  std::map<int64_t, std::string> intervals;
  for (const auto& [type, labels] : pcf.event_values) {
    auto zero = labels.find(paraver::EventValue{});
    if (zero != labels.end() && paraver::ClosesIntervals(zero->second)) {
      intervals[type] = pcf.event_types.at(type);
    }
  }
  std::map<std::string, uint64_t> openings;
  std::unique_ptr<FILE, int (*)(FILE*)> text(popen(("gzip -dcf " + prv).c_str(), "r"), pclose);
  char line[1 << 16];
  while (std::fgets(line, sizeof line, text.get()) != nullptr) {
    if (line[0] != '2') continue;
    std::stringstream fields(line);
    std::string field;
    for (int i = 0; i < 6; ++i) std::getline(fields, field, ':');
    for (std::string type, value;
         std::getline(fields, type, ':') && std::getline(fields, value, ':');) {
      auto found = intervals.find(std::stoll(type));
      if (found != intervals.end() && std::stoll(value) != 0) ++openings[found->second];
    }
  }
  return openings;
}

// The counts `profile` gives each type.
std::map<std::string, uint64_t> ProfileCounts(const std::string& db) {
  CliRun run = Tracedb("profile --csv --db " + db + " 1");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::map<std::string, uint64_t> counts;
  std::stringstream lines(run.out);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    // type,value,count,...: a label may hold commas, but not the last five columns.
    size_t end = line.size();
    for (int i = 0; i < 3; ++i) end = line.rfind(',', end - 1);
    size_t count_start = line.rfind(',', end - 1) + 1;
    uint64_t count = std::stoull(line.substr(count_start, end - count_start));
    counts[line.substr(0, line.find(','))] += count;
  }
  return counts;
}

TEST(ParaverCorpus, ProfileCountsAStateForEveryPairThatOpensAnInterval) {
  int checked = 0;
  for (const std::string& prv : ConformanceTraces(CorpusCheck::kSummaries)) {
    if (prv.find(".prv") == std::string::npos || !fs::exists(Companion(prv, ".pcf"))) continue;
    paraver::PcfLabels pcf = paraver::ParsePcf(ReadWholeFile(Companion(prv, ".pcf")));
    std::map<std::string, uint64_t> openings = Openings(prv, pcf);
    if (openings.empty()) continue;
    std::string db = FreshDbPath("corpus.sqlite");
    CliRun run = Tracedb("ingest -q --db " + db + " " + prv);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::map<std::string, uint64_t> counts = ProfileCounts(db);
    for (const auto& [type, opened] : openings)
      EXPECT_EQ(counts[type], opened) << prv << ": " << type;
    std::string svg = FreshDbPath("corpus-gantt.svg");
    CliRun plot = Tracedb("plot gantt --db " + db + " -o " + svg + " 1");
    ASSERT_EQ(plot.exit_code, 0) << plot.err;
    std::string chart = ReadWholeFile(svg);
    for (const auto& [type, opened] : openings) {
      EXPECT_NE(chart.find(" (" + type + ")</"), std::string::npos) << prv << ": " << type;
    }
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no Paraver trace with interval events in the corpus";
}

}  // namespace
}  // namespace tracedb::testing::paraver_corpus_cli_test

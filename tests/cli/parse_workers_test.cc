// --threads N: the threads that read, parse and simulate, the simulator's
// one included.
#include "cli/parse_workers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

namespace tracedb::parse_workers_test {
namespace {

TEST(ParseWorkers, OneThreadDoesEverythingOnTheCallingThread) {
  EXPECT_EQ(ParseWorkers(1), 0);
}

TEST(ParseWorkers, EachFurtherThreadIsAParserBesideTheSimulator) {
  EXPECT_EQ(ParseWorkers(2), 1);
  EXPECT_EQ(ParseWorkers(3), 2);
  EXPECT_EQ(ParseWorkers(64), 63);
}

TEST(ParseWorkers, ZeroGivesEachCoreAThreadAndAtLeastOneParser) {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(ParseWorkers(0), std::max(1, cores - 1));
  EXPECT_GE(ParseWorkers(0), 1);
}

TEST(SplitDumpThreads, FromFourThreadsOneSpellsTheText) {
  for (int threads : {1, 2, 3}) {
    DumpThreads split = SplitDumpThreads(threads);
    EXPECT_EQ(split.parse_workers, threads - 1);
    EXPECT_EQ(split.format_workers, 0);
  }
  DumpThreads four = SplitDumpThreads(4);
  EXPECT_EQ(four.parse_workers, 2);
  EXPECT_EQ(four.format_workers, 1);
  DumpThreads many = SplitDumpThreads(64);
  EXPECT_EQ(many.parse_workers, 62);
  EXPECT_EQ(many.format_workers, 1);
}

TEST(SplitDumpThreads, ZeroCountsTheCores) {
  DumpThreads split = SplitDumpThreads(0);
  EXPECT_EQ(split.parse_workers + split.format_workers, ParseWorkers(0));
  EXPECT_EQ(split.format_workers, ParseWorkers(0) >= 3 ? 1 : 0);
}

}  // namespace
}  // namespace tracedb::parse_workers_test

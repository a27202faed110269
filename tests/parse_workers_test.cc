// --threads N: the threads that read, parse and simulate, the simulator's
// one included.
#include "cli/parse_workers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

namespace tracedb {
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

}  // namespace
}  // namespace tracedb

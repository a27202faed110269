// LongStates: which states a load indexes by duration class. The threshold
// follows the states as they come: at most max(64, 2% of the states so
// far) at or above it.
#include "summary/long_states.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace tracedb::testing::long_states_test {
namespace {

std::vector<StateRecord> States(int count, double seconds) {
  std::vector<StateRecord> states(count);
  for (StateRecord& s : states) s.end = s.start + seconds;
  return states;
}

// Runs of equal marks: "64L 1000s" for 64 long states, then 1000 short.
std::string Runs(const std::vector<StateRecord>& states) {
  std::string runs;
  for (size_t i = 0; i < states.size();) {
    size_t j = i;
    while (j < states.size() && states[j].long_state == states[i].long_state) ++j;
    runs += (runs.empty() ? "" : " ") + std::to_string(j - i) + (states[i].long_state ? "L" : "s");
    i = j;
  }
  return runs;
}

std::vector<StateRecord> Marked(const std::vector<std::vector<StateRecord>>& parts) {
  LongStates long_states;
  std::vector<StateRecord> all;
  for (std::vector<StateRecord> part : parts) {
    long_states.Mark(part);
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

TEST(LongStates, TheFirst64AreLongWhateverTheirDuration) {
  EXPECT_EQ(Runs(Marked({States(64, 1.0)})), "64L");
  EXPECT_EQ(Runs(Marked({States(10, 0.0), States(54, 1e-9)})), "64L");
}

// The threshold moves above the 64 states of 1 s as soon as a longer one
// would make them 65: a state of 1 s is then short, one of 100 s long.
TEST(LongStates, ALongerStateTakesTheMarkFromTheShorterOnesToCome) {
  std::vector<StateRecord> all =
      Marked({States(64, 1.0), States(1000, 0.001), States(1, 100.0), States(1, 1.0)});
  EXPECT_EQ(Runs(all), "64L 1000s 1L 1s");
}

// 5,000 states of 0.1 s, 200 of 10 s, 4,800 of 0.1 s: the states of 10 s
// are long while they are at most 2% of the states so far (102 of 5,102).
TEST(LongStates, AtMostTwoPercentAtOrAboveTheThreshold) {
  std::vector<StateRecord> all = Marked({States(5000, 0.1), States(200, 10.0), States(4800, 0.1)});
  EXPECT_EQ(Runs(all), "64L 4936s 102L 4898s");
}

TEST(LongStates, BatchesMarkAsOneStream) {
  std::vector<std::vector<StateRecord>> parts;
  for (int i = 0; i < 100; ++i) parts.push_back(States(50, 0.1));
  for (int i = 0; i < 4; ++i) parts.push_back(States(50, 10.0));
  for (int i = 0; i < 96; ++i) parts.push_back(States(50, 0.1));
  EXPECT_EQ(Runs(Marked(parts)), "64L 4936s 102L 4898s");
}

TEST(LongStates, ZeroAndHugeDurationsAreClassesLikeAnyOther) {
  std::vector<StateRecord> all = Marked({States(100, 0.0), States(1, 1e300), States(1, 0.0)});
  EXPECT_EQ(Runs(all), "64L 36s 1L 1s");
}

// The last class (an end - start that overflows) takes the threshold past
// every class: 65 of them are too many, and the rest are short.
TEST(LongStates, TheOverflowClassCanBeLeftBelowTheThreshold) {
  const double kLargest = std::numeric_limits<double>::max();
  std::vector<StateRecord> overflows(70);
  for (StateRecord& s : overflows) {
    s.start = -kLargest;
    s.end = kLargest;
  }
  std::vector<StateRecord> all = Marked({States(100, 0.0), overflows, States(1, 1.0)});
  EXPECT_EQ(Runs(all), "64L 36s 64L 7s");
}

}  // namespace
}  // namespace tracedb::testing::long_states_test

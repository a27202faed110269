// StateStacks: stored states of one container, replayed in (start, depth,
// end) order, get the parent value the simulator gave them and leave in
// the order it emitted them.
#include "summary/state_stacks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tracedb::testing::state_stacks_test {
namespace {

StateRecord State(uint32_t type, uint32_t value, double start, double end, uint32_t depth) {
  return {.container = 1, .type = type, .value = value, .start = start, .end = end, .depth = depth};
}

// "value:parent" of each state that left, in order; "-" for no parent.
std::vector<std::string> Replayed(const std::vector<StateRecord>& sorted) {
  StateStacks stacks;
  std::vector<StateRecord> out;
  for (const StateRecord& s : sorted) stacks.Push(s, &out);
  stacks.Flush(&out);
  std::vector<std::string> lines;
  for (const StateRecord& s : out) {
    std::string parent = s.parent_value == kNoValue ? "-" : std::to_string(s.parent_value);
    lines.push_back(std::to_string(s.value) + ":" + parent);
  }
  return lines;
}

TEST(StateStacks, ANestedStateTakesTheStateBelowAsItsParent) {
  // 1 [0, 10] holds 2 [1, 5], which holds 3 [2, 3]; then 4 [6, 7] on 1.
  EXPECT_EQ(Replayed({State(0, 1, 0, 10, 0), State(0, 2, 1, 5, 1), State(0, 3, 2, 3, 2),
                      State(0, 4, 6, 7, 1)}),
            (std::vector<std::string>{"3:2", "2:1", "4:1", "1:-"}));
}

// Each state leaves when the next one at its depth or below starts, the
// deepest first: the order in which the simulator popped them.
TEST(StateStacks, StatesLeaveInTheOrderTheyWerePopped) {
  EXPECT_EQ(Replayed({State(0, 1, 0, 5, 0), State(0, 2, 1, 4, 1), State(0, 3, 2, 3, 2),
                      State(0, 4, 4, 4.5, 1), State(0, 5, 6, 7, 0), State(0, 6, 6, 6.5, 1)}),
            (std::vector<std::string>{"3:2", "2:1", "4:1", "1:-", "6:5", "5:-"}));
}

// States that end with the bottom one of their stack, when a state at
// depth 0 follows or the container ends, were closed by a reset, which
// emits them bottom first; deeper ones that ended before were popped.
TEST(StateStacks, StatesClosedTogetherWithTheBottomOneLeaveBottomFirst) {
  EXPECT_EQ(Replayed({State(0, 1, 0, 4, 0), State(0, 2, 1, 4, 1), State(0, 3, 2, 3, 2),
                      State(0, 4, 4, 6, 0), State(0, 5, 5, 6, 1)}),
            (std::vector<std::string>{"3:2", "1:-", "2:1", "4:-", "5:4"}));
}

// An empty state that starts with the one after it at its depth sorts
// first (by its end): the state pushed on the longer one gets it as its
// parent.
TEST(StateStacks, AnEmptyStateAtTheSameStartIsNobodysParent) {
  EXPECT_EQ(Replayed({State(0, 1, 0, 0, 0), State(0, 2, 0, 5, 0), State(0, 3, 0, 1, 1)}),
            (std::vector<std::string>{"1:-", "3:2", "2:-"}));
}

// (The stacks of different types are flushed in no particular order.)
TEST(StateStacks, EachStateTypeHasAStackOfItsOwn) {
  std::vector<std::string> replayed = Replayed(
      {State(0, 1, 0, 10, 0), State(1, 7, 1, 9, 0), State(0, 2, 2, 3, 1), State(1, 8, 4, 5, 1)});
  std::sort(replayed.begin(), replayed.end());
  EXPECT_EQ(replayed, (std::vector<std::string>{"1:-", "2:1", "7:-", "8:7"}));
}

// Rows not written by tracedb: a depth with nothing below it.
TEST(StateStacks, AStateAboveAGapHasNoParent) {
  EXPECT_EQ(Replayed({State(0, 1, 0, 10, 0), State(0, 2, 1, 2, 2)}),
            (std::vector<std::string>{"2:-", "1:-"}));
}

}  // namespace
}  // namespace tracedb::testing::state_stacks_test

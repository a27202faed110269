#include "summary/trace_summarizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

namespace tracedb::trace_summarizer_test {
namespace {

// Three containers, each with states of two values (one pushed on the
// other), events and a variable: ten summary rows before durations.
RowBatch ThreeContainers() {
  RowBatch batch;
  for (uint32_t c = 1; c <= 3; ++c) {
    batch.states.push_back({.container = c, .type = 2, .value = 7, .start = 0, .end = 4, .depth = 0});
    batch.states.push_back({.container = c,
                            .type = 2,
                            .value = 8,
                            .start = 1,
                            .end = 1.0 + c,
                            .depth = 1,
                            .parent_value = 7});
    batch.events.push_back({.container = c, .type = 3, .value = 9, .time = 2});
    batch.variables.push_back({.container = c, .type = 4, .start = 0, .end = 2, .value = 1.0 * c});
  }
  return batch;
}

struct Collected {
  std::vector<size_t> sizes;  // state, event and variable summaries of each batch written
  std::vector<size_t> rows;   // every row of each batch
  std::vector<StateSummaryRecord> states;
  size_t events = 0;
  size_t variables = 0;
  size_t durations = 0;
};

Collected FinishInBatchesOf(size_t batch_rows) {
  TraceSummarizer summarizer(/*profile_bins=*/0);
  summarizer.Add(ThreeContainers());
  Collected out;
  summarizer.Finish(batch_rows, [&](const RowBatch& b) {
    out.sizes.push_back(b.state_summaries.size() + b.event_summaries.size() +
                        b.variable_summaries.size());
    out.states.insert(out.states.end(), b.state_summaries.begin(), b.state_summaries.end());
    out.events += b.event_summaries.size();
    out.variables += b.variable_summaries.size();
    out.durations += b.durations.size();
    out.rows.push_back(b.rows());
  });
  std::sort(out.states.begin(), out.states.end(), [](const auto& a, const auto& b) {
    return std::tie(a.container, a.value) < std::tie(b.container, b.value);
  });
  return out;
}

TEST(TraceSummarizer, WritesTheSummariesInBatchesOfTheGivenSize) {
  Collected out = FinishInBatchesOf(4);
  // 6 states, 3 events, 3 variables: 4 + 4 + 4, then the duration classes
  // (3) and the profile's rows (2), in batches of 4 as well.
  EXPECT_EQ(out.sizes, (std::vector<size_t>{4, 4, 4, 0, 0}));
  EXPECT_EQ(out.rows, (std::vector<size_t>{4, 4, 4, 4, 1}));
  // Durations 1, 2, 3 and 4 s: classes [1, 2), [2, 4) and [4, 8).
  EXPECT_EQ(out.durations, 3u);
  EXPECT_EQ(out.events, 3u);
  EXPECT_EQ(out.variables, 3u);
}

TEST(TraceSummarizer, BatchesHoldTheSameRowsAsOne) {
  Collected small = FinishInBatchesOf(1);
  Collected whole = FinishInBatchesOf(1000);
  ASSERT_EQ(whole.sizes.size(), 1u);
  ASSERT_EQ(small.states.size(), 6u);
  ASSERT_EQ(whole.states.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(small.states[i].container, whole.states[i].container);
    EXPECT_EQ(small.states[i].value, whole.states[i].value);
    EXPECT_EQ(small.states[i].count, 1);
    EXPECT_EQ(small.states[i].inclusive, whole.states[i].inclusive);
    EXPECT_EQ(small.states[i].exclusive, whole.states[i].exclusive);
  }
  // Container 2: value 7 lasts 4 s, of which 2 s under value 8.
  EXPECT_EQ(small.states[2].value, 7u);
  EXPECT_EQ(small.states[2].inclusive, 4.0);
  EXPECT_EQ(small.states[2].exclusive, 2.0);
  EXPECT_EQ(small.states[3].inclusive, 2.0);
  EXPECT_EQ(small.durations, whole.durations);
}

}  // namespace
}  // namespace tracedb::trace_summarizer_test

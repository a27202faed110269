#include "summary/keyed_totals.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace tracedb::keyed_totals_test {
namespace {

TEST(KeyedTotals, KeepsEveryKeyApartThroughManyGrowths) {
  KeyedTotals<int64_t> totals;
  // 10,000 keys differing in one field at a time, each added to (c + 1) times.
  for (uint32_t round = 0; round < 3; ++round) {
    for (uint32_t c = 0; c < 5000; ++c) {
      if (round <= c % 3) totals[{c, 1, 7}] += 1;
      if (round == 0) totals[{c, 2, -1}] += 10;
    }
  }
  EXPECT_EQ(totals.size(), 10000u);
  int64_t sum = 0;
  totals.ForEach([&](const SummaryKey& k, int64_t n) {
    EXPECT_EQ(n, k.type == 1 ? static_cast<int64_t>(k.container % 3 + 1) : 10) << k.container;
    sum += n;
  });
  // Containers 0..4999 by c % 3: 1667 * 1 + 1667 * 2 + 1666 * 3, and 5000 * 10.
  EXPECT_EQ(sum, 1667 + 1667 * 2 + 1666 * 3 + 50000);
}

// The slot is the hash's low bits: keys that differ in one field only (the
// container, in its high half; the value) must still spread over them, or
// lookups probe long runs.
TEST(KeyedTotals, KeysThatDifferInOneFieldSpreadOverTheSlots) {
  constexpr size_t kMask = (1 << 13) - 1;  // 8,192 slots for 4,096 keys
  std::set<size_t> by_container;
  std::set<size_t> by_value;
  for (uint32_t i = 0; i < 4096; ++i) {
    by_container.insert(HashSummaryKey({i, 5, 2}) & kMask);
    by_value.insert(HashSummaryKey({5, 2, int64_t{i} - 2048}) & kMask);
  }
  // Random slots would give 8192 * (1 - e^-0.5) = 3,223 distinct on average.
  EXPECT_GT(by_container.size(), 3000u);
  EXPECT_GT(by_value.size(), 3000u);
}

TEST(KeyedTotals, GivesTheKeysInTheOrderTheyFirstCame) {
  KeyedTotals<double> totals;
  totals[{9, 1, 3}] = 1.5;
  totals[{2, 1, 3}] = 2.5;
  totals[{9, 1, 3}] += 1;
  totals[{9, 1, -4}] = 3.5;
  std::vector<int64_t> containers;
  std::vector<int64_t> values;
  std::vector<double> seen;
  totals.ForEach([&](const SummaryKey& k, double t) {
    containers.push_back(k.container);
    values.push_back(k.value);
    seen.push_back(t);
  });
  EXPECT_EQ(containers, (std::vector<int64_t>{9, 2, 9}));
  EXPECT_EQ(values, (std::vector<int64_t>{3, 3, -4}));
  EXPECT_EQ(seen, (std::vector<double>{2.5, 2.5, 3.5}));
}

}  // namespace
}  // namespace tracedb::keyed_totals_test

#include "format/paraver/recent_ids.h"

#include <gtest/gtest.h>

#include <vector>

namespace tracedb::paraver::recent_ids_test {
namespace {

// One set of four: the least recently used entry is the one forgotten.
TEST(RecentIds, ForgetsTheLeastRecentlyUsedOfASet) {
  RecentIds recent(4);
  std::vector<uint32_t> forgotten;
  auto forget = [&](uint32_t id) { forgotten.push_back(id); };
  for (uint32_t n = 1; n <= 4; ++n) recent.Add(n, 0, n * 10, forget);
  EXPECT_TRUE(forgotten.empty());
  EXPECT_EQ(recent.Find(1, 0), 10u);           // 1 is now the most recently used
  EXPECT_EQ(recent.Find(1, 1), std::nullopt);  // another space
  recent.Add(5, 0, 50, forget);
  EXPECT_EQ(forgotten, std::vector<uint32_t>{20});
  EXPECT_EQ(recent.Find(2, 0), std::nullopt);
  recent.Add(6, 0, 60, forget);
  EXPECT_EQ(forgotten, (std::vector<uint32_t>{20, 30}));
  for (uint32_t n : {1u, 4u, 5u, 6u}) EXPECT_EQ(recent.Find(n, 0), n * 10) << n;
}

// It starts small and doubles (at half full) up to its capacity: a trace
// with few numbers pays for few, and numbers made while it grows are kept
// about as well as by a cache made whole at once (sets of four fill unevenly).
TEST(RecentIds, GrowsAsNumbersCome) {
  RecentIds recent(1 << 12);
  size_t forgotten = 0;
  for (uint32_t n = 0; n < 2048; ++n) recent.Add(n, 3, n + 1, [&](uint32_t) { ++forgotten; });
  size_t found = 0;
  for (uint32_t n = 0; n < 2048; ++n) found += recent.Find(n, 3) == n + 1;
  EXPECT_EQ(found + forgotten, 2048u);
  EXPECT_LE(forgotten, 205u);  // a tenth at most, at half the capacity
}

TEST(RecentIds, HoldsAboutItsCapacity) {
  RecentIds recent(1 << 10);
  size_t forgotten = 0;
  for (uint32_t n = 0; n < 4096; ++n) recent.Add(n, 7, n, [&](uint32_t) { ++forgotten; });
  size_t found = 0;
  for (uint32_t n = 0; n < 4096; ++n) found += recent.Find(n, 7).has_value();
  EXPECT_EQ(found + forgotten, 4096u);
  EXPECT_LE(found, 1024u);
  EXPECT_GE(found, 900u);  // sets fill unevenly
}

}  // namespace
}  // namespace tracedb::paraver::recent_ids_test

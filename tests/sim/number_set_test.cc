#include "sim/number_set.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "support/child_process.h"

namespace tracedb::number_set_test {
namespace {

// A tenth of the numbers under sanitizers (0.8 s in release took 28 s under
// TSan), in a tenth of the range: the chunks are as dense, and those over
// kArrayLimit still turn into bitmaps.
constexpr int kScale = testing::kSanitizedBuild ? 10 : 1;

TEST(NumberSet, AgreesWithStdSet) {
  std::mt19937_64 random(3);
  NumberSet set;
  std::set<uint64_t> expected;
  const uint64_t range = 300'000 / kScale;
  for (int i = 0; i < 200000 / kScale; ++i) {
    // Mostly near one another (one chunk turns into a bitmap), some anywhere.
    uint64_t n = i % 10 == 0 ? random() : 1'000'000 + random() % range;
    EXPECT_EQ(set.Contains(n), expected.count(n) == 1) << n;
    set.Insert(n);
    expected.insert(n);
  }
  for (uint64_t n = 1'000'000 - 10; n < 1'000'010 + range; ++n) {
    ASSERT_EQ(set.Contains(n), expected.count(n) == 1) << n;
  }
  for (uint64_t n : {uint64_t{0}, UINT64_MAX, uint64_t{65535}, uint64_t{65536}}) {
    EXPECT_EQ(set.Contains(n), expected.count(n) == 1) << n;
  }
}

TEST(NumberSet, DenseNumbersCostABitEach) {
  NumberSet set;
  for (uint64_t n = 1; n <= 1'000'000; ++n) set.Insert(n);
  EXPECT_TRUE(set.Contains(1));
  EXPECT_TRUE(set.Contains(1'000'000));
  EXPECT_FALSE(set.Contains(0));
  EXPECT_FALSE(set.Contains(1'000'001));
  EXPECT_LE(set.bytes(), 16 * 8192 + 8192);  // 16 bitmaps of 2^16 bits, and the chunk list
}

// One key in 500 of a shared counter: what each of many link tracks sees.
TEST(NumberSet, SparseNumbersCostAboutTwoBytesEach) {
  NumberSet set;
  for (uint64_t n = 0; n < 10'000'000; n += 500) set.Insert(n);
  EXPECT_TRUE(set.Contains(9'999'500));
  EXPECT_FALSE(set.Contains(9'999'501));
  EXPECT_LE(set.bytes(), 20000 * 5);  // 2 bytes, plus the arrays' spare room
}

TEST(NumberSet, InsertingTwiceChangesNothing) {
  NumberSet set;
  set.Insert(5);
  size_t bytes = set.bytes();
  set.Insert(5);
  EXPECT_EQ(set.bytes(), bytes);
  EXPECT_TRUE(set.Contains(5));
  EXPECT_FALSE(set.Contains(6));
}

}  // namespace
}  // namespace tracedb::number_set_test

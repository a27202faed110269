#include "sim/used_keys.h"

#include <gtest/gtest.h>

namespace tracedb::used_keys_test {
namespace {

TEST(UsedKeys, RemembersEveryKindOfKey) {
  UsedKeys keys;
  for (const char* k : {"7", "mpi_12", "abc", "007", "", "x99999999999999999999"}) {
    EXPECT_FALSE(keys.Contains(k)) << k;
    keys.Insert(k);
    EXPECT_TRUE(keys.Contains(k)) << k;
  }
  EXPECT_FALSE(keys.Contains("07"));  // not the same key as "7" or "007"
  EXPECT_FALSE(keys.Contains("mpi_1"));
  EXPECT_FALSE(keys.Contains("mpi_"));
  EXPECT_FALSE(keys.Contains("12"));  // "mpi_12" is another prefix
}

// A counter shared by a few tracks: each sees most numbers of a range.
TEST(UsedKeys, NumberedKeysTakeLittleMemory) {
  UsedKeys keys;
  for (int i = 1; i <= 300000; ++i) {
    if (i % 3 != 0) keys.Insert("mpi_" + std::to_string(i));
  }
  EXPECT_TRUE(keys.Contains("mpi_1"));
  EXPECT_FALSE(keys.Contains("mpi_3"));
  EXPECT_TRUE(keys.Contains("mpi_299999"));
  EXPECT_FALSE(keys.Contains("mpi_300001"));
  EXPECT_EQ(keys.other_keys(), 0u);
  EXPECT_LE(keys.numbered_bytes(), 5 * 8192 + 4096);  // a bit per number of the range
}

TEST(UsedKeys, InsertingTwiceChangesNothing) {
  UsedKeys keys;
  keys.Insert("5");
  keys.Insert("6");
  keys.Insert("abc");
  size_t bytes = keys.numbered_bytes();
  keys.Insert("5");
  keys.Insert("abc");
  EXPECT_EQ(keys.numbered_bytes(), bytes);
  EXPECT_EQ(keys.other_keys(), 1u);
  EXPECT_FALSE(keys.Contains("7"));
  EXPECT_FALSE(keys.Contains("4"));
}

}  // namespace
}  // namespace tracedb::used_keys_test

#include "sim/used_keys.h"

#include <gtest/gtest.h>

namespace tracedb {
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

TEST(UsedKeys, ConsecutiveNumbersCollapseIntoOneRun) {
  UsedKeys keys;
  for (int i = 1000; i > 0; i -= 2) keys.Insert("k" + std::to_string(i));  // evens, descending
  EXPECT_EQ(keys.pieces(), 500u);
  for (int i = 1; i < 1000; i += 2) keys.Insert("k" + std::to_string(i));  // fill the gaps
  EXPECT_EQ(keys.pieces(), 1u);
  EXPECT_TRUE(keys.Contains("k1"));
  EXPECT_TRUE(keys.Contains("k1000"));
  EXPECT_FALSE(keys.Contains("k0"));
  EXPECT_FALSE(keys.Contains("k1001"));
}

TEST(UsedKeys, InsertingTwiceChangesNothing) {
  UsedKeys keys;
  keys.Insert("5");
  keys.Insert("6");
  keys.Insert("5");
  keys.Insert("9");
  EXPECT_EQ(keys.pieces(), 2u);
  EXPECT_FALSE(keys.Contains("7"));
  EXPECT_FALSE(keys.Contains("8"));
  EXPECT_FALSE(keys.Contains("4"));
}

}  // namespace
}  // namespace tracedb

#include "sim/name_index.h"

#include <gtest/gtest.h>

#include <string>

namespace tracedb::name_index_test {
namespace {

TEST(NameIndex, FindsShortAndLongNamesAcrossGrowth) {
  NameIndex index;
  for (uint32_t i = 0; i < 5000; ++i) {
    std::string name = (i % 3 == 0 ? "a container with a long name #" : "c") + std::to_string(i);
    index.Insert(name, i);
  }
  EXPECT_EQ(index.size(), 5000u);
  for (uint32_t i = 0; i < 5000; ++i) {
    std::string name = (i % 3 == 0 ? "a container with a long name #" : "c") + std::to_string(i);
    ASSERT_EQ(index.Find(name), std::optional<uint32_t>(i)) << name;
  }
  EXPECT_EQ(index.Find("c0"), std::nullopt);  // 0 went in under the long form
  EXPECT_EQ(index.Find(""), std::nullopt);
  EXPECT_EQ(index.Find("a container with a long name #1"), std::nullopt);
}

TEST(NameIndex, NamesDifferingOnlyPastTheInlineBytesAreDistinct) {
  NameIndex index;
  index.Insert("0123456789abcdefX", 1);
  index.Insert("0123456789abcdefY", 2);
  index.Insert("0123456789abcdef", 3);
  EXPECT_EQ(index.Find("0123456789abcdefX"), std::optional<uint32_t>(1));
  EXPECT_EQ(index.Find("0123456789abcdefY"), std::optional<uint32_t>(2));
  EXPECT_EQ(index.Find("0123456789abcdef"), std::optional<uint32_t>(3));
  EXPECT_FALSE(index.Contains("0123456789abcdefZ"));
}

TEST(NameIndex, EmptyNameIsAName) {
  NameIndex index;
  index.Insert("", 7);
  EXPECT_EQ(index.Find(""), std::optional<uint32_t>(7));
}

}  // namespace
}  // namespace tracedb::name_index_test

#include "sim/name_index.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// Short names are kept as two words read from their ends (ShortNameOf):
// every byte of every size up to past the inline ones must tell names apart,
// and so must the size alone ("aaaa" and "aaaaa" read the same words).
TEST(NameIndex, NamesDifferingInAnyOneByteOrInSizeAreDistinct) {
  NameIndex index;
  std::vector<std::string> names;
  for (size_t n = 0; n <= 20; ++n) {
    names.push_back(std::string(n, 'a'));
    for (size_t at = 0; at < n; ++at) {
      std::string name(n, 'a');
      name[at] = 'b';
      names.push_back(name);
    }
  }
  for (uint32_t id = 0; id < names.size(); ++id) {
    ASSERT_FALSE(index.Contains(names[id])) << names[id];
    index.Insert(names[id], id);
  }
  for (uint32_t id = 0; id < names.size(); ++id) {
    EXPECT_EQ(index.Find(names[id]), std::optional<uint32_t>(id)) << names[id];
  }
  EXPECT_FALSE(index.Contains("c"));
  EXPECT_FALSE(index.Contains("aaaaaaaaaaaaaaaaaaaaa"));  // 21 bytes
}

TEST(NameIndex, EmptyNameIsAName) {
  NameIndex index;
  index.Insert("", 7);
  EXPECT_EQ(index.Find(""), std::optional<uint32_t>(7));
}

}  // namespace
}  // namespace tracedb::name_index_test

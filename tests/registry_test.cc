// Registry: numbered values are held as numbers and spelled on demand, and
// share one id sequence with named values.
#include "sim/registry.h"

#include <gtest/gtest.h>

namespace tracedb {
namespace {

TEST(Registry, NumberedValuesAreSpelledAndShareIdsWithNamedOnes) {
  Registry registry;
  uint32_t type = registry.AddType({.name = "E", .kind = TypeKind::kEvent, .parent = kRoot});
  uint32_t named = registry.AddValue({.name = "send", .alias = "1", .type = type, .color = "red"});
  uint32_t big = registry.AddNumberedValue(type, false, 18446744073709551615u);
  uint32_t negative = registry.AddNumberedValue(type, true, 9223372036854775808u);
  uint32_t zero = registry.AddNumberedValue(type, false, 0);
  EXPECT_EQ(named, 0u);
  EXPECT_EQ(big, 1u);
  EXPECT_EQ(negative, 2u);
  EXPECT_EQ(zero, 3u);
  EXPECT_EQ(registry.value_count(), 4u);
  NumberDigits digits;
  EXPECT_EQ(registry.value_name(named, digits), "send");
  EXPECT_EQ(registry.value_name(big, digits), "18446744073709551615");
  EXPECT_EQ(registry.value_name(negative, digits), "-9223372036854775808");
  EXPECT_EQ(registry.value_name(zero, digits), "0");
  ValueInfo copy = registry.value(negative);
  EXPECT_EQ(copy.name, "-9223372036854775808");
  EXPECT_EQ(copy.alias, "");
  EXPECT_EQ(copy.color, "");
  EXPECT_EQ(copy.type, type);
  EXPECT_EQ(registry.value(named).color, "red");
  // Only named values are found by identifier.
  EXPECT_EQ(registry.FindValue(type, "1"), named);
  EXPECT_EQ(registry.FindValue(type, "0"), std::nullopt);
}

}  // namespace
}  // namespace tracedb

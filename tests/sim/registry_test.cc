// Registry: numbered values are held as numbers and spelled on demand, and
// share one id sequence with named values.
#include "sim/registry.h"

#include <gtest/gtest.h>

namespace tracedb::registry_test {
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

// With a window, only the newest ids, named values and pinned numbered
// values stay readable: memory stops growing with the values made.
TEST(Registry, AWindowKeepsTheNewestNamedAndPinnedValues) {
  Registry registry;
  uint32_t type = registry.AddType({.name = "E", .kind = TypeKind::kEvent, .parent = kRoot});
  uint32_t early = registry.AddNumberedValue(type, false, 7);  // made before the window
  registry.KeepNumberedValues(4);
  uint32_t named = registry.AddValue({.name = "send", .type = type});
  uint32_t pinned = registry.AddNumberedValue(type, false, 42);
  EXPECT_TRUE(registry.Pin(pinned));
  uint32_t unpinned = registry.AddNumberedValue(type, true, 5);
  NumberDigits digits;
  EXPECT_EQ(registry.value_name(early, digits), "7");  // still among the newest 4
  uint32_t released = registry.AddNumberedValue(type, false, 6);
  EXPECT_TRUE(registry.Pin(released));
  for (uint64_t n = 100; n < 104; ++n) registry.AddNumberedValue(type, false, n);
  registry.Unpin(released);  // now outside the window: gone with its pin
  EXPECT_EQ(registry.value_count(), 9u);
  EXPECT_EQ(registry.value_name(named, digits), "send");
  EXPECT_EQ(registry.value_name(pinned, digits), "42");
  EXPECT_EQ(registry.value(pinned).type, type);
  EXPECT_EQ(registry.value_name(8, digits), "103");
  for (uint32_t gone : {early, unpinned, released}) {
    EXPECT_THROW(registry.value_name(gone, digits), std::logic_error) << gone;
    EXPECT_FALSE(registry.Pin(gone)) << gone;
  }
  EXPECT_TRUE(registry.Pin(pinned));
  registry.Unpin(pinned);
  EXPECT_THROW(registry.value_name(pinned, digits), std::logic_error);
}

TEST(Registry, AWindowIsAPowerOfTwoSetOnce) {
  Registry registry;
  EXPECT_THROW(registry.KeepNumberedValues(3), std::invalid_argument);
  registry.KeepNumberedValues(8);
  EXPECT_THROW(registry.KeepNumberedValues(8), std::invalid_argument);
}

}  // namespace
}  // namespace tracedb::registry_test

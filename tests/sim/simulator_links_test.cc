// Links: halves matched by key per (container, link type).
#include <gtest/gtest.h>

#include "sim/link_numbers.h"
#include "support/test_support.h"

namespace tracedb::testing::simulator_links_test {
namespace {

TEST(SimulatorLinks, HalvesMatchInEitherOrder) {
  auto out = Dump(
      "16 1.0 L 0 v t1 k1\n"
      "17 2.0 L 0 v t2 k1\n"
      "17 3.0 L 0 w t1 k2\n"
      "16 2.5 L 0 w t2 k2\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("3"),
                    {"Link, 0, Link, 1.000000, 2.000000, 1.000000, v, thread1, thread2, k1",
                     "Link, 0, Link, 2.500000, 3.000000, 0.500000, w, thread2, thread1, k2"}}));
}

TEST(SimulatorLinks, ManyLinksInFlight) {
  auto out = Dump(
      "16 1.0 L 0 v t1 a\n"
      "16 1.1 L 0 v t1 b\n"
      "16 1.2 L 0 v t2 c\n"
      "17 2.0 L 0 v t2 b\n"
      "17 2.1 L 0 v t1 c\n"
      "17 2.2 L 0 v t2 a\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("2.2"),
                    {"Link, 0, Link, 1.000000, 2.200000, 1.200000, v, thread1, thread2, a",
                     "Link, 0, Link, 1.100000, 2.000000, 0.900000, v, thread1, thread2, b",
                     "Link, 0, Link, 1.200000, 2.100000, 0.900000, v, thread2, thread1, c"}}));
}

TEST(SimulatorLinks, AKeyCannotBeReusedAfterItsLinkCompleted) {
  auto out = Dump(
      "16 1.0 L 0 v t1 k1\n"
      "17 2.0 L 0 v t2 k1\n"
      "16 3.0 L 0 v t1 k1\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(3), "link key 'k1' of type 'Link' was already used by a "
                                            "completed link"));
}

TEST(SimulatorLinks, HalvesWithDifferentValuesAreAnError) {
  auto out = Dump(
      "16 1.0 L 0 v t1 k1\n"
      "17 2.0 L 0 w t2 k1\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "EndLink value 'w' differs from the value 'v' of the "
                                            "other half with key 'k1'"));
}

TEST(SimulatorLinks, IncompleteLinksAreAnErrorUnlessIgnored) {
  std::string body =
      "16 1.0 L 0 v t1 k1\n"
      "17 2.0 L 0 v t2 k2\n"
      "12 3.0 E t1 x\n";
  auto strict = Dump(body);
  EXPECT_EQ(strict.error,
            ErrorAt(BodyLine(1), "incomplete link of type 'Link' with key 'k1' in container '0': "
                                 "its end never came (use --ignore-incomplete-links to drop such "
                                 "links)"));
  auto lenient = Dump(body, {.read = {.simulator = {.ignore_incomplete_links = true}}});
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, Expect({WorldContainers("3"), {"Event, thread1, Ev, 3.000000, x"}}));
}

TEST(SimulatorLinks, ASecondStartCompletesThePendingLinkAsPajeNGDoes) {
  auto out = Dump(
      "16 1.0 L 0 v t1 k1\n"
      "16 2.0 L 0 v t2 k1\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("2"),
                    {"Link, 0, Link, 2.000000, -1.000000, -3.000000, v, thread2, NULL, k1"}}));
}

TEST(SimulatorLinks, EndContainerMustBeOfTheDeclaredType) {
  auto out = Dump("16 1.0 L 0 v t1 k1\n17 2.0 L 0 v n1 k1\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "end container 'node1' is of type 'Node', but link "
                                            "type 'Link' expects 'Thread'"));
}

TEST(SimulatorLinks, TimeOrderIsCheckedWhenALinkCompletes) {
  auto out = Dump(
      "16 1.0 L 0 v t1 a\n"
      "17 5.0 L 0 v t2 a\n"
      "16 2.0 L 0 v t1 b\n"
      "17 3.0 L 0 v t2 b\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(4),
                               "not time-ordered: time 3.0 is before the last entity "
                               "of type 'Link' in container '0'"));
}

// A half's size and tag: the first Size/size (Tag/tag) whose text is an
// integer in 64 bits.
TEST(LinkNumbers, TheFirstIntegerFieldOfEachNameCounts) {
  LinkNumbers n = LinkNumbersOf({{"Size", "4 KiB"}, {"size", "007"}, {"Size", "9"}, {"Tag", "x"}});
  EXPECT_EQ(n.size, 7);
  EXPECT_EQ(n.tag, std::nullopt);
  n = LinkNumbersOf({{"SIZE", "1"}, {"tag", "-3"}, {"size", "9223372036854775808"}});
  EXPECT_EQ(n.size, std::nullopt);
  EXPECT_EQ(n.tag, -3);
  for (const char* text : {"", "+1", "1e3", "2.5", "0x10", " 1", "1 "}) {
    EXPECT_EQ(LinkNumbersOf({{"size", text}}).size, std::nullopt) << text;
  }
}

// The start half's win, whichever half came first; a half without one
// leaves the other's.
TEST(LinkNumbers, TheStartHalfWins) {
  LinkNumbers link;
  MergeLinkNumbers(&link, {.size = 20, .tag = 2}, LinkSide::kEnd);
  MergeLinkNumbers(&link, {.size = 10}, LinkSide::kStart);
  EXPECT_EQ(link.size, 10);
  EXPECT_EQ(link.tag, 2);
  LinkNumbers other;
  MergeLinkNumbers(&other, {.size = 10}, LinkSide::kStart);
  MergeLinkNumbers(&other, {.size = 20, .tag = 2}, LinkSide::kEnd);
  EXPECT_EQ(other.size, 10);
  EXPECT_EQ(other.tag, 2);
}

}  // namespace
}  // namespace tracedb::testing::simulator_links_test

// States: push/pop/set/reset on a stack per (container, state type).
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace tracedb::testing::simulator_states_test {
namespace {

TEST(SimulatorStates, PushPopAndSetGiveDepths) {
  auto out = Dump(
      "8 1.0 S t1 A\n"
      "9 2.0 S t1 B\n"
      "9 3.0 S t1 C\n"
      "10 4.0 S t1\n"
      "8 5.0 S t1 D\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("5"),
                               {"State, thread1, State, 1.000000, 5.000000, 4.000000, 0.000000, A",
                                "State, thread1, State, 2.000000, 5.000000, 3.000000, 1.000000, B",
                                "State, thread1, State, 3.000000, 4.000000, 1.000000, 2.000000, C",
                                "State, thread1, State, 5.000000, 5.000000, 0.000000, 0.000000, D"}}));
}

TEST(SimulatorStates, PushOnEmptyStackStartsAtDepthZero) {
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "10 2.0 S t1\n"
      "9 3.0 S t1 B\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("3"),
                               {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
                                "State, thread1, State, 3.000000, 3.000000, 0.000000, 0.000000, B"}}));
}

TEST(SimulatorStates, ResetClosesEveryLevel) {
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "9 2.0 S t1 B\n"
      "11 3.0 S t1\n"
      "9 4.0 S t1 C\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("4"),
                               {"State, thread1, State, 1.000000, 3.000000, 2.000000, 0.000000, A",
                                "State, thread1, State, 2.000000, 3.000000, 1.000000, 1.000000, B",
                                "State, thread1, State, 4.000000, 4.000000, 0.000000, 0.000000, C"}}));
}

TEST(SimulatorStates, ZeroLengthStatesAreKept) {
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "10 1.0 S t1\n"
      "9 1.0 S t1 B\n"
      "10 1.0 S t1\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("1"),
                               {"State, thread1, State, 1.000000, 1.000000, 0.000000, 0.000000, A",
                                "State, thread1, State, 1.000000, 1.000000, 0.000000, 0.000000, B"}}));
}

TEST(SimulatorStates, StacksAreSeparatePerContainer) {
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "9 1.5 S t2 X\n"
      "9 2.0 S t1 B\n"
      "10 3.0 S t2\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("3"),
                               {"State, thread1, State, 1.000000, 3.000000, 2.000000, 0.000000, A",
                                "State, thread1, State, 2.000000, 3.000000, 1.000000, 1.000000, B",
                                "State, thread2, State, 1.500000, 3.000000, 1.500000, 0.000000, X"}}));
}

TEST(SimulatorStates, PopOnEmptyStackIsAnError) {
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "10 2.0 S t1\n"
      "10 3.0 S t1\n");
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.error,
            ErrorAt(BodyLine(3), "PopState with no open state of type 'State' in container 'thread1'"));
}

TEST(SimulatorStates, GoingBackInTimeInOneContainerIsAnError) {
  auto out = Dump(
      "9 5.0 S t1 A\n"
      "9 4.0 S t1 B\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "not time-ordered: time 4.0 is before the last entity "
                                            "of type 'State' in container 'thread1'"));
}

TEST(SimulatorStates, TimeOrderComparesWithTheEndOfTheLastState) {
  // B ends at 4; a push at 3.5 comes before that end.
  auto out = Dump(
      "9 1.0 S t1 A\n"
      "9 2.0 S t1 B\n"
      "10 4.0 S t1\n"
      "9 3.5 S t1 C\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(4), "not time-ordered: time 3.5 is before the last entity "
                                            "of type 'State' in container 'thread1'"));
}

TEST(SimulatorStates, OtherContainersMayGoBackInTime) {
  auto out = Dump(
      "8 5.0 S t1 A\n"
      "8 4.0 S t2 B\n"
      "12 3.0 E t2 x\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("5"),
                               {"State, thread1, State, 5.000000, 5.000000, 0.000000, 0.000000, A",
                                "State, thread2, State, 4.000000, 5.000000, 1.000000, 0.000000, B",
                                "Event, thread2, Ev, 3.000000, x"}}));
}

TEST(SimulatorStates, UserFieldsOfPushAndPopAreAppended) {
  std::string trace = Header() +
                      "%EventDef PajePushState 40\n% Time date\n% Type string\n"
                      "% Container string\n% Value string\n% Size int\n% Tag string\n"
                      "%EndEventDef\n"
                      "%EventDef PajePopState 41\n% Time date\n% Type string\n"
                      "% Container string\n% Why string\n%EndEventDef\n"
                      "40 1.0 S t1 A 100 tagA\n"
                      "41 2.0 S t1 done\n"
                      "40 3.0 S t1 B 200 \"tag B\"\n";
  auto plain = DumpRaw(trace);
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_EQ(plain.lines,
            Expect({WorldContainers("3"),
                    {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
                     "State, thread1, State, 3.000000, 3.000000, 0.000000, 0.000000, B"}}));
  auto with_fields = DumpRaw(trace, {.user_fields = true});
  ASSERT_TRUE(with_fields.ok) << with_fields.error;
  EXPECT_EQ(with_fields.lines,
            Expect({WorldContainers("3"),
                    {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A, 100, "
                     "tagA, done",
                     "State, thread1, State, 3.000000, 3.000000, 0.000000, 0.000000, B, 200, "
                     "tag B"}}));
}

TEST(SimulatorStates, DeclaredValuesPrintTheirNames) {
  auto out = Dump(
      "5 run S Running \"0 1 0\"\n"
      "8 1.0 S t1 run\n"
      "8 2.0 S t1 Running\n");
  ASSERT_TRUE(out.ok) << out.error;
  // "Running" is not an identifier (the alias is): a new value named so.
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("2"),
                    {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, Running",
                     "State, thread1, State, 2.000000, 2.000000, 0.000000, 0.000000, Running"}}));
}

}  // namespace
}  // namespace tracedb::testing::simulator_states_test

// Variables: set/add/sub, each change closing the current interval.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace tracedb::testing::simulator_variables_test {
namespace {

TEST(SimulatorVariables, EveryChangeClosesAnInterval) {
  auto out = Dump(
      "13 1.0 V t1 10\n"
      "14 2.0 V t1 5\n"
      "15 3.0 V t1 2.5\n"
      "13 4.0 V t1 12.5\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("4"),
                               {"Variable, thread1, Var, 1.000000, 2.000000, 1.000000, 10.000000",
                                "Variable, thread1, Var, 2.000000, 3.000000, 1.000000, 15.000000",
                                "Variable, thread1, Var, 3.000000, 4.000000, 1.000000, 12.500000",
                                "Variable, thread1, Var, 4.000000, 4.000000, 0.000000, 12.500000"}}));
}

TEST(SimulatorVariables, ChangeAtTheSameTimeUpdatesInPlace) {
  auto out = Dump(
      "13 1.0 V t1 10\n"
      "14 1.0 V t1 5\n"
      "15 1.0 V t1 1\n"
      "13 2.0 V t1 3\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Expect({WorldContainers("2"),
                               {"Variable, thread1, Var, 1.000000, 2.000000, 1.000000, 14.000000",
                                "Variable, thread1, Var, 2.000000, 2.000000, 0.000000, 3.000000"}}));
}

TEST(SimulatorVariables, ValuesKeepDoublePrecision) {
  auto out = Dump("13 1.0 V t1 123456789\n13 2.0 V t1 1e3\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("2"),
                    {"Variable, thread1, Var, 1.000000, 2.000000, 1.000000, 123456789.000000",
                     "Variable, thread1, Var, 2.000000, 2.000000, 0.000000, 1000.000000"}}));
}

TEST(SimulatorVariables, AddBeforeSetIsAnError) {
  auto out = Dump("14 1.0 V t1 5\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(1), "AddVariable before any SetVariable of type 'Var' in "
                                            "container 'thread1'"));
}

TEST(SimulatorVariables, SubBeforeSetIsAnError) {
  auto out = Dump("13 1.0 V t2 1\n15 1.0 V t1 5\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "SubVariable before any SetVariable of type 'Var' in "
                                            "container 'thread1'"));
}

TEST(SimulatorVariables, AValueThatIsNotANumberIsAnError) {
  auto out = Dump("13 1.0 V t1 10\n13 2.0 V t1 abc\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "invalid number 'abc' for a variable"));
}

TEST(SimulatorVariables, GoingBackBeforeTheIntervalStartIsAnError) {
  auto out = Dump("13 2.0 V t1 10\n13 1.0 V t1 5\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "not time-ordered: time 1.0 is before the last entity "
                                            "of type 'Var' in container 'thread1'"));
}

}  // namespace
}  // namespace tracedb::testing::simulator_variables_test

// Containers, the type hierarchy, identifiers and the end of the trace.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace tracedb::testing::simulator_containers_test {
namespace {

TEST(SimulatorContainers, DestroyClosesEverythingInsideRecursively) {
  auto out = Dump(
      "8 1.0 S t1 A\n"
      "9 1.5 S t1 B\n"
      "13 1.0 V t1 3\n"
      "7 2.0 N n1\n"
      "12 3.0 E t1 ignored\n"
      "6 5.0 n2 N 0 node2\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Sorted({"Container, 0, 0, 0, 5, 5, 0", "Container, 0, Node, 0, 2, 2, node1",
                    "Container, node1, Thread, 0, 2, 2, thread1",
                    "Container, node1, Thread, 0, 2, 2, thread2",
                    "Container, 0, Node, 5, 5, 0, node2",
                    "State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
                    "State, thread1, State, 1.500000, 2.000000, 0.500000, 1.000000, B",
                    "Variable, thread1, Var, 1.000000, 2.000000, 1.000000, 3.000000"}));
}

TEST(SimulatorContainers, IgnoredEventsDoNotExtendTheTrace) {
  auto out = Dump("7 2.0 T t1\n12 9.0 E t1 late\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, 2, 2, 0", "Container, 0, Node, 0, 2, 2, node1",
                               "Container, node1, Thread, 0, 2, 2, thread1",
                               "Container, node1, Thread, 0, 2, 2, thread2"}));
}

TEST(SimulatorContainers, TheTraceEndsAtTheLargestTimeNotTheLastLine) {
  auto out = Dump("8 5.0 S t1 A\n8 4.0 S t2 B\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("5"),
                    {"State, thread1, State, 5.000000, 5.000000, 0.000000, 0.000000, A",
                     "State, thread2, State, 4.000000, 5.000000, 1.000000, 0.000000, B"}}));
}

TEST(SimulatorContainers, ATraceWithoutTimesEndsAtMinusOne) {
  auto out = DumpRaw("%EventDef PajeDefineContainerType 0\n% Name string\n% Type string\n"
                     "%EndEventDef\n0 N 0\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, -1, -1, 0"}));
}

// As pj_dump: an event without a Time field counts as time 0 for the end.
TEST(SimulatorContainers, ATraceOfOnlyAPajeTraceFileEndsAtZero) {
  auto out = DumpRaw("%EventDef PajeTraceFile 5\n% Filename string\n%EndEventDef\n5 run.trace\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, 0, 0, 0"}));
}

TEST(SimulatorContainers, APajeTraceFileWithATimeCountsAtThatTime) {
  auto out = DumpRaw("%EventDef PajeTraceFile 5\n% Time date\n%EndEventDef\n5 2.5\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, 2.5, 2.5, 0"}));
}

TEST(SimulatorContainers, AnEmptyFileHasOnlyTheRoot) {
  auto out = DumpRaw("");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({"Container, 0, 0, 0, -1, -1, 0"}));
}

TEST(SimulatorContainers, AliasesAreTheIdentifiersAndNamesArePrinted) {
  auto out = Dump(
      "0 P T Process\n"
      "6 1.0 p1 P t1 \"process one\"\n"
      "1 PS P \"Process state\"\n"
      "8 2.0 PS p1 run\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Expect({WorldContainers("2"),
                    {"Container, thread1, Process, 1, 2, 1, process one",
                     "State, process one, Process state, 2.000000, 2.000000, 0.000000, 0.000000, "
                     "run"}}));
  auto by_name = Dump("0 P T Process\n6 1.0 p1 P t1 pone\n8 2.0 S pone x\n");
  EXPECT_EQ(by_name.error, ErrorAt(BodyLine(3), "unknown container 'pone'"));
}

TEST(SimulatorContainers, DestroyBeforeTheLastEventIsAnError) {
  auto out = Dump("12 5.0 E t1 x\n7 4.0 T t1\n");
  EXPECT_EQ(out.error,
            ErrorAt(BodyLine(2), "container 'thread1' destroyed at 4.0, before its last event"));
}

TEST(SimulatorContainers, IdentifiersAreUniqueEvenAfterADestroy) {
  auto out = Dump("7 1.0 T t1\n6 2.0 t1 T n1 again\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(2), "container 't1' already exists"));
}

TEST(SimulatorContainers, AContainerTypeMustBeAChildOfTheParentsType) {
  auto out = Dump("6 1.0 x T 0 misplaced\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(1), "container type 'Thread' is not a child of container "
                                            "type '0' (the type of container '0')"));
}

TEST(SimulatorContainers, AnEntityTypeMustBelongToTheContainersType) {
  auto out = Dump("8 1.0 S n1 A\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(1), "type 'State' is not a child of container type 'Node' "
                                            "(the type of container 'node1')"));
}

TEST(SimulatorContainers, AnEventNeedsATypeOfItsKind) {
  auto out = Dump("12 1.0 S t1 A\n");
  EXPECT_EQ(out.error, ErrorAt(BodyLine(1), "type 'State' is a state type, not an event type"));
}

TEST(SimulatorContainers, TypesAreUniqueAndTheirParentMustExist) {
  EXPECT_EQ(Dump("1 S T Again\n").error, ErrorAt(BodyLine(1), "type 'S' is already defined"));
  EXPECT_EQ(Dump("1 X Nope Name\n").error,
            ErrorAt(BodyLine(1), "unknown container type 'Nope'"));
  EXPECT_EQ(Dump("1 X S Name\n").error,
            ErrorAt(BodyLine(1), "container type 'S' is a state type, not a container type"));
  EXPECT_EQ(Dump("0 0 T x\n").error, ErrorAt(BodyLine(1), "type '0' is already defined"));
}

TEST(SimulatorContainers, EntityValuesAreCheckedAndDuplicatesRefused) {
  EXPECT_EQ(Dump("5 a S A \"1 0 0\"\n5 a S B \"1 0 0\"\n").error,
            ErrorAt(BodyLine(2), "value 'a' of type 'State' is already defined"));
  EXPECT_EQ(Dump("5 a S A (null)\n").error,
            ErrorAt(BodyLine(1), "invalid color '(null)' (expected \"r g b\" or six hex digits)"));
  EXPECT_EQ(Dump("5 a V A \"1 0 0\"\n").error,
            ErrorAt(BodyLine(1), "cannot define value 'A' for variable type 'V'"));
  EXPECT_TRUE(Dump("5 a S A 00ff00\n5 b S B \"0.5,0.5,0.5\"\n").ok);
}

TEST(SimulatorContainers, UnknownContainersAndTypesAreErrors) {
  EXPECT_EQ(Dump("12 1.0 E nosuch x\n").error, ErrorAt(BodyLine(1), "unknown container 'nosuch'"));
  EXPECT_EQ(Dump("12 1.0 Q t1 x\n").error, ErrorAt(BodyLine(1), "unknown type 'Q'"));
}

}  // namespace
}  // namespace tracedb::testing::simulator_containers_test

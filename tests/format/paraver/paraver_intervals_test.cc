// "Mapping 2" of paraver-format.md, end to end through ReadParaverTrace:
// interval event types (value 0 labelled End, close or Outside ...) as
// nested states, Extrae's counters (42000000-42999999) as variables of
// their rate over the interval each sample counts.
#include <gtest/gtest.h>

#include "format/paraver/interval_events.h"
#include "support/paraver_test_support.h"

namespace tracedb::testing::paraver_intervals_test {
namespace {

using paraver::ClosesIntervals;

// 1 tick = 1 us. Thread 1.1.1: user functions main > solve, an MPI call
// inside solve, two counters; a 0 on an empty stack; a value without a
// label; a type whose 0 is "Outsiders" (not an interval type). Thread
// 1.2.1 starts inside a call (its first 0 closes nothing) and ends in one.
const char* kTrace =
    "#Paraver (01/02/2020 at 10:00):1000_us:1(2):1:2(1:1,1:1)\n"
    "2:1:1:1:1:100:60000019:1\n"
    "2:1:1:1:1:200:60000019:2:50000001:3\n"
    "2:2:1:2:1:150:50000001:0\n"
    "2:2:1:2:1:160:50000001:3:99:7\n"
    "2:2:1:2:1:180:42000050:360\n"
    "2:1:1:1:1:250:50000001:0\n"
    "2:1:1:1:1:300:42000050:5000:42000059:2500\n"
    "2:1:1:1:1:400:60000019:0:42000050:1000\n"
    "2:1:1:1:1:400:42000050:7\n"
    "2:1:1:1:1:500:60000019:0\n"
    "2:1:1:1:1:600:60000019:0\n"
    "2:1:1:1:1:700:60000019:5\n"
    "2:1:1:1:1:800:70000000:1\n";

const char* kPcf =
    "EVENT_TYPE\n9 50000001 MPI Point-to-point\nVALUES\n3 MPI_Send\n0 Outside MPI\n\n"
    "EVENT_TYPE\n0 60000019 User function\nVALUES\n0 End\n1 main\n2 solve\n\n"
    "EVENT_TYPE\n7 42000050 PAPI_TOT_INS [Instr completed]\n"
    "7 42000059 PAPI_TOT_CYC [Cycles]\n\n"
    "EVENT_TYPE\n0 70000000 Outsider type\nVALUES\n0 Outsiders\n1 in\n";

TEST(ParaverIntervals, IntervalEventsAreNestedStatesAndCountersRatesOverTheirIntervals) {
  DumpOutcome out = DumpParaver(kTrace, kPcf);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Sorted({
                "Container, 0, 0, 0, 0.001, 0.001, 0",
                "Container, 0, Application, 0, 0.001, 0.001, APPL 1",
                "Container, APPL 1, Task, 0, 0.001, 0.001, TASK 1.1",
                "Container, TASK 1.1, Thread, 0, 0.001, 0.001, THREAD 1.1.1",
                "Container, APPL 1, Task, 0, 0.001, 0.001, TASK 1.2",
                "Container, TASK 1.2, Thread, 0, 0.001, 0.001, THREAD 1.2.1",
                "Container, 0, Node, 0, 0.001, 0.001, NODE 1",
                "Container, NODE 1, CPU, 0, 0.001, 0.001, CPU 1",
                "Container, NODE 1, CPU, 0, 0.001, 0.001, CPU 2",
                "State, THREAD 1.1.1, User function, 0.000100, 0.000500, 0.000400, 0.000000, "
                "main, 1",
                "State, THREAD 1.1.1, User function, 0.000200, 0.000400, 0.000200, 1.000000, "
                "solve, 1",
                "State, THREAD 1.1.1, MPI Point-to-point, 0.000200, 0.000250, 0.000050, "
                "0.000000, MPI_Send, 1",
                "State, THREAD 1.1.1, User function, 0.000700, 0.001000, 0.000300, 0.000000, 5, 1",
                "State, THREAD 1.2.1, MPI Point-to-point, 0.000160, 0.001000, 0.000840, "
                "0.000000, MPI_Send, 2",
                "Variable, THREAD 1.1.1, PAPI_TOT_INS [Instr completed], 0.000000, 0.000300, "
                "0.000300, 16666666.666667",
                "Variable, THREAD 1.1.1, PAPI_TOT_CYC [Cycles], 0.000000, 0.000300, 0.000300, "
                "8333333.333333",
                "Variable, THREAD 1.1.1, PAPI_TOT_INS [Instr completed], 0.000300, 0.000400, "
                "0.000100, 10000000.000000",
                "Variable, THREAD 1.2.1, PAPI_TOT_INS [Instr completed], 0.000000, 0.000180, "
                "0.000180, 2000000.000000",
                "Event, THREAD 1.2.1, 99, 0.000160, 7, 2",
                "Event, THREAD 1.1.1, Outsider type, 0.000800, in, 1",
            }));
}

// Without a .pcf no type marks intervals: every pair stays an event, but
// counters, known by their number, are variables still.
TEST(ParaverIntervals, WithoutLabelsOnlyCountersChange) {
  DumpOutcome out = DumpParaver(
      "#Paraver (01/02/2020 at 10:00):1000_us:0:1:1(1:0)\n"
      "2:0:1:1:1:100:50000001:3:42000050:200\n"
      "2:0:1:1:1:200:50000001:0\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, Sorted({
                           "Container, 0, 0, 0, 0.001, 0.001, 0",
                           "Container, 0, Application, 0, 0.001, 0.001, APPL 1",
                           "Container, APPL 1, Task, 0, 0.001, 0.001, TASK 1.1",
                           "Container, TASK 1.1, Thread, 0, 0.001, 0.001, THREAD 1.1.1",
                           "Event, THREAD 1.1.1, 50000001, 0.000100, 3, 0",
                           "Event, THREAD 1.1.1, 50000001, 0.000200, 0, 0",
                           "Variable, THREAD 1.1.1, 42000050, 0.000000, 0.000100, 0.000100, "
                           "2000000.000000",
                       }));
}

TEST(ParaverIntervals, TheLabelsThatCloseIntervals) {
  for (const char* label : {"End", "end", " END ", "close", "Close", "Outside MPI", "outside",
                            "OUTSIDE OpenMP", "Outside-MPI"}) {
    EXPECT_TRUE(ClosesIntervals(label)) << label;
  }
  for (const char* label :
       {"", "Ends", "closed", "Outsider", "Outside_MPI", "MPI End", "0", "Not outside"}) {
    EXPECT_FALSE(ClosesIntervals(label)) << label;
  }
}

}  // namespace
}  // namespace tracedb::testing::paraver_intervals_test

// The companions: .pcf labels and colours, .row names.
#include <gtest/gtest.h>

#include "format/paraver/pcf_labels.h"
#include "format/paraver/row_names.h"

namespace tracedb::paraver::paraver_labels_test {
namespace {

const char* kPcf =
    "DEFAULT_OPTIONS\r\n"
    "\r\n"
    "LEVEL               THREAD\r\n"
    "UNITS               NANOSEC\r\n"
    "\r\n"
    "STATES\r\n"
    "0    Idle\r\n"
    "1    Running  \r\n"
    "# 2 Commented out\r\n"
    "7    Scheduling and Fork/Join\r\n"
    "\r\n"
    "STATES_COLOR\r\n"
    "0    {117,195,255}\r\n"
    "1    {0,0,255}\r\n"
    "\r\n"
    "EVENT_TYPE\r\n"
    "9   50000001    MPI Point-to-point\r\n"
    "VALUES\r\n"
    "2   MPI_Recv\r\n"
    "0   Outside MPI\r\n"
    "\r\n"
    "EVENT_TYPE\r\n"
    "6    40000001    Application\r\n"
    "6    40000003    Flushing Traces\r\n"
    "VALUES\r\n"
    "0      End\r\n"
    "1      Begin\r\n"
    "-1     Minus one\r\n"
    "18446744073709551615 All ones\r\n"
    "\r\n"
    "EVENT_TYPE\r\n"
    "7  42000050 PAPI_TOT_INS [Instr completed]\r\n"
    "\r\n"
    "GRADIENT_COLOR\r\n"
    "0    {0,255,2}\r\n"
    "\r\n"
    "GRADIENT_NAMES\r\n"
    "0    Gradient 0\r\n";

TEST(ParaverPcf, StatesAndTheirColours) {
  PcfLabels labels = ParsePcf(kPcf);
  EXPECT_EQ(labels.states, (std::unordered_map<int64_t, std::string>{
                               {0, "Idle"}, {1, "Running"}, {7, "Scheduling and Fork/Join"}}));
  EXPECT_EQ(labels.state_colors,
            (std::unordered_map<int64_t, std::string>{{0, "{117,195,255}"}, {1, "{0,0,255}"}}));
}

TEST(ParaverPcf, EventTypesAndValuesSharedByTheTypesBeforeThem) {
  PcfLabels labels = ParsePcf(kPcf);
  EXPECT_EQ(labels.event_types.at(50000001), "MPI Point-to-point");
  EXPECT_EQ(labels.event_types.at(40000003), "Flushing Traces");
  EXPECT_EQ(labels.event_types.at(42000050), "PAPI_TOT_INS [Instr completed]");
  EXPECT_EQ(labels.event_values.at(50000001).at(EventValue{2, false}), "MPI_Recv");
  EXPECT_EQ(labels.event_values.at(50000001).count(EventValue{1, false}), 0u);
  for (int64_t type : {40000001, 40000003}) {
    const auto& values = labels.event_values.at(type);
    EXPECT_EQ(values.at(EventValue{1, false}), "Begin");
    EXPECT_EQ(values.at(EventValue{1, true}), "Minus one");
    EXPECT_EQ(values.at(EventValue{UINT64_MAX, false}), "All ones");
  }
  EXPECT_EQ(labels.event_values.count(42000050), 0u);
}

TEST(ParaverPcf, OtherSectionsAndStrayLinesChangeNothing) {
  PcfLabels labels = ParsePcf("GRADIENT_NAMES\n0 Gradient\nSTATES\nnot a number\n3\n4 Four\n");
  EXPECT_EQ(labels.states, (std::unordered_map<int64_t, std::string>{{4, "Four"}}));
  EXPECT_TRUE(labels.event_types.empty());
}

TEST(ParaverRow, LevelsInAnyOrderWithCommentsAndFewerLabels) {
  RowNames names = ParseRow(
      "#####\n"
      "# NAMES\n"
      "LEVEL THREAD SIZE 3\n"
      "Master    # Object THREAD 1.1.1\n"
      "# a comment line does not count\n"
      "Worker\r\n"
      "Helper\n"
      "\n"
      "LEVEL CPU  SIZE 8\n"
      "cpu one\n"
      "LEVEL NODE SIZE 1\n"
      "login5\n");
  EXPECT_EQ(names.Label("THREAD", 0), "Master");
  EXPECT_EQ(names.Label("THREAD", 1), "Worker");
  EXPECT_EQ(names.Label("THREAD", 2), "Helper");
  EXPECT_EQ(names.Label("THREAD", 3), "");
  // A LEVEL line ends a block that promised more labels.
  EXPECT_EQ(names.Label("CPU", 0), "cpu one");
  EXPECT_EQ(names.Label("CPU", 1), "");
  EXPECT_EQ(names.Label("NODE", 0), "login5");
  EXPECT_EQ(names.Label("APPL", 0), "");
}

TEST(ParaverRow, BlankLineInsideABlockIsAnEmptyLabel) {
  RowNames names = ParseRow("LEVEL TASK SIZE 3\nfirst\n\nthird\n");
  EXPECT_EQ(names.Label("TASK", 0), "first");
  EXPECT_EQ(names.Label("TASK", 1), "");
  EXPECT_EQ(names.Label("TASK", 2), "third");
}

}  // namespace
}  // namespace tracedb::paraver::paraver_labels_test

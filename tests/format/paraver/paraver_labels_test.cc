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

// "COUNT from line N: PROBLEM", or "none".
std::string Noted(const NotedLines& noted) {
  if (noted.count == 0) return "none";
  return std::to_string(noted.count) + " from line " + std::to_string(noted.first_line) + ": " +
         noted.first_problem;
}

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

TEST(ParaverPcf, AWellFormedFileNotesNothing) { EXPECT_EQ(ParsePcf(kPcf).ignored.count, 0u); }

// Stray lines change nothing, and are noted: the first one's line and
// problem, and how many; lines of other sections are not.
TEST(ParaverPcf, OtherSectionsAndStrayLinesChangeNothing) {
  PcfLabels labels = ParsePcf("GRADIENT_NAMES\n0 Gradient\nSTATES\nnot a number\n3\n4 Four\n");
  EXPECT_EQ(labels.states, (std::unordered_map<int64_t, std::string>{{4, "Four"}}));
  EXPECT_TRUE(labels.event_types.empty());
  EXPECT_EQ(Noted(labels.ignored), "2 from line 4: 'not a number' is not a state's NUMBER NAME");
}

// What each section's stray line is said to be, one file a line, and the
// warning the reader gives of them.
TEST(ParaverPcf, EachSectionsStrayLinesAreNotedForWhatTheyAreNot) {
  auto first = [](const std::string& text) { return ParsePcf(text).ignored.first_problem; };
  EXPECT_EQ(first("\x01junk\nSTATES\n1 A\n"), "'\x01junk' comes before any section");
  EXPECT_EQ(first("STATES_COLOR\n1 {1,2,3\n"), "'1 {1,2,3' is not a state's NUMBER {R,G,B}");
  EXPECT_EQ(first("STATES_COLOR\n1 {1,2,256}\n"), "'1 {1,2,256}' is not a state's NUMBER {R,G,B}");
  EXPECT_EQ(first("STATES_COLOR\n1 {1,2}\n"), "'1 {1,2}' is not a state's NUMBER {R,G,B}");
  EXPECT_EQ(first("EVENT_TYPE\n9 x MPI\n"), "'9 x MPI' is not an event type's COLOUR NUMBER NAME");
  EXPECT_EQ(first("EVENT_TYPE\n9 5 MPI\nVALUES\nbegin\n"),
            "'begin' is not an event value's NUMBER NAME");
  EXPECT_EQ(first("STATES\n" + std::string(50, 'x') + "\n"),
            "'" + std::string(40, 'x') + "\u2026' is not a state's NUMBER NAME");
  PcfLabels colours = ParsePcf("STATES_COLOR\n1 { 1, 2 ,3 }\n2 {1,2,3\n");
  EXPECT_EQ(colours.state_colors, (std::unordered_map<int64_t, std::string>{{1, "{ 1, 2 ,3 }"}}));
  EXPECT_EQ(NotedLinesWarning("t.pcf", ParsePcf("STATES\nx\n1 A\ny\n").ignored).what(),
            std::string("t.pcf:2: 'x' is not a state's NUMBER NAME; ignored (first of 2 lines)"));
  EXPECT_EQ(NotedLinesWarning("t.pcf", ParsePcf("STATES\n1 A\ny\n").ignored).what(),
            std::string("t.pcf:3: 'y' is not a state's NUMBER NAME; ignored"));
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
  EXPECT_EQ(Noted(names.ignored), "none");  // a short block is allowed
}

// Lines outside a block are ignored and noted, as are bad LEVEL lines
// (whose labels then have no block); blocks short of their SIZE are not.
TEST(ParaverRow, StrayLinesAreNoted) {
  RowNames names = ParseRow(
      "stray\n"
      "LEVEL TASK SIZE 1\n"
      "t1\n"
      "t2\n"
      "LEVEL NODE SIZE many\n"
      "n1\n"
      "LEVEL CPU SIZE 3\n"
      "c1\n"
      "c2\n"
      "LEVEL THREAD SIZE 999999\n"
      "only\n");
  EXPECT_EQ(names.Label("TASK", 0), "t1");
  EXPECT_EQ(names.Label("TASK", 1), "");
  EXPECT_EQ(names.Label("NODE", 0), "");
  EXPECT_EQ(names.Label("CPU", 1), "c2");
  EXPECT_EQ(names.Label("THREAD", 0), "only");
  EXPECT_EQ(Noted(names.ignored), "4 from line 1: 'stray' comes before any LEVEL line");
  EXPECT_EQ(ParseRow("LEVEL TASK SIZE 1\nt1\nt2\n").ignored.first_problem,
            "'t2' is past the SIZE of 'LEVEL TASK SIZE 1'");
  EXPECT_EQ(ParseRow("LEVEL NODE SIZE many\n").ignored.first_problem,
            "'LEVEL NODE SIZE many' is not LEVEL NAME SIZE N");
  EXPECT_EQ(
      NotedLinesWarning("t.row", names.ignored).what(),
      std::string("t.row:1: 'stray' comes before any LEVEL line; ignored (first of 4 lines)"));
}

TEST(ParaverRow, BlankLineInsideABlockIsAnEmptyLabel) {
  RowNames names = ParseRow("LEVEL TASK SIZE 3\nfirst\n\nthird\n");
  EXPECT_EQ(names.Label("TASK", 0), "first");
  EXPECT_EQ(names.Label("TASK", 1), "");
  EXPECT_EQ(names.Label("TASK", 2), "third");
}

}  // namespace
}  // namespace tracedb::paraver::paraver_labels_test

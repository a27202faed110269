// Body records: each kind, what is skipped, and the exact message of each
// bad line, with its line within the block.
#include <gtest/gtest.h>

#include "format/paraver/header.h"
#include "format/paraver/object_model.h"
#include "format/paraver/record_parser.h"

namespace tracedb::paraver::paraver_records_test {
namespace {

// Threads 1.1.1 and 1.1.2 on node 1 (CPUs 1, 2), thread 1.2.1 on node 2
// (CPUs 3, 4).
const ObjectModel& Objects() {
  static const ObjectModel objects(ParseHeader("#Paraver (d):1000:2(2,2):1:2(2:1,1:2)"));
  return objects;
}

std::string Problem(std::string_view text) {
  ParsedRecords parsed = ParseRecords(text, Objects());
  if (parsed.problems.empty()) return "no problem";
  return std::to_string(parsed.problems[0].line) + ": " + parsed.problems[0].text;
}

TEST(ParaverRecords, StateRecord) {
  ParsedRecords p = ParseRecords("1:2:1:1:2:10:20:3\n", Objects());
  ASSERT_EQ(p.records.size(), 1u);
  const Record& r = p.records[0];
  EXPECT_EQ(r.kind, RecordKind::kState);
  EXPECT_EQ(r.line, 1u);
  EXPECT_EQ(r.thread, 1u);
  EXPECT_EQ(r.cpu, 2u);
  EXPECT_EQ(r.time, 10);
  EXPECT_EQ(r.end, 20);
  EXPECT_EQ(r.value, 3);
  EXPECT_TRUE(p.problems.empty());
}

TEST(ParaverRecords, OpenStateEndsWithMinusOne) {
  ParsedRecords p = ParseRecords("1:0:1:2:1:10:-1:3", Objects());
  ASSERT_EQ(p.records.size(), 1u);
  EXPECT_EQ(p.records[0].end, kOpenEnd);
  EXPECT_EQ(p.records[0].thread, 2u);
  EXPECT_EQ(p.records[0].cpu, 0u);
}

TEST(ParaverRecords, EventRecordWithSeveralPairsKeepsValuesExactly) {
  ParsedRecords p =
      ParseRecords("2:3:1:2:1:50:42000050:18446744073709551615:7:-5:8:0\n", Objects());
  ASSERT_EQ(p.records.size(), 1u);
  const Record& r = p.records[0];
  EXPECT_EQ(r.kind, RecordKind::kEvent);
  EXPECT_EQ(r.time, 50);
  ASSERT_EQ(r.count, 3u);
  EXPECT_EQ(p.pairs[r.first].type, 42000050);
  EXPECT_EQ(ToText(p.pairs[r.first].value), "18446744073709551615");
  EXPECT_EQ(ToText(p.pairs[r.first + 1].value), "-5");
  EXPECT_EQ(ToText(p.pairs[r.first + 2].value), "0");
  EXPECT_EQ(ToText(EventValue{9223372036854775808u, true}), "-9223372036854775808");
}

TEST(ParaverRecords, CommunicationRecord) {
  ParsedRecords p = ParseRecords("3:1:1:1:1:5:6:3:1:2:1:4:8:100:9\n", Objects());
  ASSERT_EQ(p.records.size(), 1u);
  const Record& r = p.records[0];
  EXPECT_EQ(r.kind, RecordKind::kComm);
  EXPECT_EQ(r.thread, 0u);
  EXPECT_EQ(r.cpu, 1u);
  EXPECT_EQ(r.time, 6);
  EXPECT_EQ(r.end, 8);
  EXPECT_EQ(r.value, 9);
  const CommDetail& c = p.comms[r.first];
  EXPECT_EQ(c.recv_thread, 2u);
  EXPECT_EQ(c.recv_cpu, 3u);
  EXPECT_EQ(c.logical_send, 5);
  EXPECT_EQ(c.logical_recv, 4);  // the receive may be posted before the send
  EXPECT_EQ(c.size, 100);
}

TEST(ParaverRecords, CommentsBlanksGlobalOpsAndCommunicatorsAreNotRecords) {
  ParsedRecords p = ParseRecords(
      "# a comment\n"
      "\n"
      "   \n"
      "c:1:1:2:1:2\r\n"
      "I:1:2:1\n"
      "4:1:1:1:1:10:1:2:3:4\n"
      "1:1:1:1:1:0:5:1\r\n",
      Objects());
  ASSERT_EQ(p.records.size(), 1u);
  EXPECT_EQ(p.records[0].line, 7u);
  EXPECT_EQ(p.records[0].value, 1);
  EXPECT_EQ(p.communicators, (std::vector<std::string>{"c:1:1:2:1:2", "I:1:2:1"}));
  EXPECT_EQ(p.line_count, 7u);
}

TEST(ParaverRecords, UnknownRecordType) {
  EXPECT_EQ(Problem("1:1:1:1:1:0:5:1\n5:1:1:1:1:0\n"), "2: unknown record type '5'");
  EXPECT_EQ(Problem("hello\n"), "1: unknown record type 'hello'");
}

TEST(ParaverRecords, WrongFieldCounts) {
  EXPECT_EQ(Problem("1:1:1:1:1:0:5\n"), "1: state record needs 8 fields, found 7");
  EXPECT_EQ(Problem("1:1:1:1:1:0:5:1:9\n"), "1: state record needs 8 fields, found 9");
  EXPECT_EQ(Problem("3:1:1:1:1:5:6:3:1:2:1:4:8:100\n"),
            "1: communication record needs 15 fields, found 14");
  EXPECT_EQ(Problem("2:1:1:1:1:50\n"),
            "1: event record needs TIME and at least one TYPE:VALUE pair, found 6 fields");
}

TEST(ParaverRecords, OddTypeValuePairs) {
  EXPECT_EQ(Problem("2:1:1:1:1:50:1:2:3\n"),
            "1: event record has a TYPE without a VALUE (odd number of type:value fields)");
}

TEST(ParaverRecords, NonNumericFields) {
  EXPECT_EQ(Problem("1:x:1:1:1:0:5:1\n"), "1: CPU is not an integer: 'x'");
  EXPECT_EQ(Problem("1:1:1:1:1:0:5.5:1\n"), "1: END is not an integer: '5.5'");
  EXPECT_EQ(Problem("1:1:1:1:1:0:5:\n"), "1: STATE is not an integer: ''");
  EXPECT_EQ(Problem("2:1:1:1:1:50:1:2:t:4\n"), "1: TYPE is not an integer: 't'");
  EXPECT_EQ(Problem("2:1:1:1:1:50:1:18446744073709551616\n"),
            "1: VALUE is out of range: '18446744073709551616'");
  EXPECT_EQ(Problem("3:1:1:1:1:5:6:3:1:2:1:4:8:big:9\n"), "1: SIZE is not an integer: 'big'");
  EXPECT_EQ(Problem("1:-1:1:1:1:0:5:1\n"), "1: CPU must not be negative: '-1'");
}

TEST(ParaverRecords, ThreadNotInTheHeader) {
  EXPECT_EQ(Problem("1:1:1:1:3:0:5:1\n"), "1: thread 1.1.3 is not in the header");
  EXPECT_EQ(Problem("1:1:2:1:1:0:5:1\n"), "1: thread 2.1.1 is not in the header");
  EXPECT_EQ(Problem("3:1:1:1:1:5:6:3:1:3:1:4:8:100:9\n"), "1: thread 1.3.1 is not in the header");
}

TEST(ParaverRecords, CpuNotInTheHeader) {
  EXPECT_EQ(Problem("2:5:1:1:1:50:1:2\n"), "1: CPU 5 is not in the header (4 CPUs)");
  ObjectModel no_resources(ParseHeader("#Paraver (d):9:0:1:1(1:0)"));
  ParsedRecords p = ParseRecords("1:1:1:1:1:0:5:1\n", no_resources);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].text, "CPU 1 is not in the header (no resource model)");
}

TEST(ParaverRecords, ThreadOnACpuOfAnotherNode) {
  EXPECT_EQ(Problem("1:1:1:1:1:0:5:1\n1:3:1:1:1:0:5:1\n"),
            "2: thread 1.1.1 is on node 1 but CPU 3 is on node 2");
  EXPECT_EQ(Problem("3:1:1:1:1:5:6:1:1:2:1:4:8:100:9\n"),
            "1: thread 1.2.1 is on node 2 but CPU 1 is on node 1");
}

// The in-order stage decides whether a bad line fails the read or is
// skipped: the parser goes on after it, and leaves nothing of it behind.
TEST(ParaverRecords, ABadLineIsLeftOutAndTheBlockGoesOn) {
  ParsedRecords p = ParseRecords(
      "1:1:1:1:1:0:5:1\nbad\n2:1:1:1:1:5:7:1:8:x\n1:1:1:1:1:5:6:1\n", Objects());
  ASSERT_EQ(p.records.size(), 2u);
  EXPECT_EQ(p.records[0].line, 1u);
  EXPECT_EQ(p.records[1].line, 4u);
  EXPECT_TRUE(p.pairs.empty());  // the pair 7:1 of the bad event line went with it
  ASSERT_EQ(p.problems.size(), 2u);
  EXPECT_EQ(p.problems[0].line, 2u);
  EXPECT_EQ(p.problems[0].text, "unknown record type 'bad'");
  EXPECT_EQ(p.problems[1].line, 3u);
  EXPECT_EQ(p.problems[1].text, "VALUE is not an integer: 'x'");
}

}  // namespace
}  // namespace tracedb::paraver::paraver_records_test

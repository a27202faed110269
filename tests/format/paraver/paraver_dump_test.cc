// The mapping of paraver-format.md, end to end through ReadParaverTrace:
// tiny traces written here, the exact dump lines they must give.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "format/paraver/trace_mapper.h"
#include "support/paraver_test_support.h"

namespace tracedb::testing::paraver_dump_test {
namespace {

// Out of time order; an open state; a record (1500) beyond the header's end
// (1000); values beyond 2^63 and negative; an MPI call, which (its 0
// being "Outside MPI") is a state; comments, communicators and a global
// operation among the records.
const char* kTrace =
    "#Paraver (01/02/2020 at 10:00):1000_us:1(2):1:2(1:1,1:1),1\n"
    "c:1:1:2:1:2\n"
    "1:1:1:1:1:0:400:1\n"
    "1:2:1:2:1:100:-1:7\n"
    "2:1:1:1:1:300:50000001:2:32000050:18446744073709551615\n"
    "# a comment\n"
    "2:2:1:2:1:150:50000001:0:99:-3\n"
    "3:1:1:1:1:200:210:2:1:2:1:190:250:64:5\n"
    "1:1:1:1:1:400:1500:3\n"
    "4:1:1:1:1:10:1:2:3\n";

const char* kPcf =
    "STATES\n1 Running\n7 Sched\n\n"
    "EVENT_TYPE\n9 50000001 MPI P2P\nVALUES\n2 MPI_Recv\n0 Outside MPI\n";

const char* kRow = "LEVEL THREAD SIZE 1\nMaster\n\nLEVEL NODE SIZE 1\nlogin5\n";

TEST(ParaverDump, MapsEveryRecordKindWithLabelsAndNames) {
  DumpOutcome out = DumpParaver(kTrace, kPcf, kRow);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Sorted({
                "Container, 0, 0, 0, 0.0015, 0.0015, 0",
                "Container, 0, Application, 0, 0.0015, 0.0015, APPL 1",
                "Container, APPL 1, Task, 0, 0.0015, 0.0015, TASK 1.1",
                "Container, TASK 1.1, Thread, 0, 0.0015, 0.0015, Master",
                "Container, APPL 1, Task, 0, 0.0015, 0.0015, TASK 1.2",
                "Container, TASK 1.2, Thread, 0, 0.0015, 0.0015, THREAD 1.2.1",
                "Container, 0, Node, 0, 0.0015, 0.0015, login5",
                "Container, login5, CPU, 0, 0.0015, 0.0015, CPU 1",
                "Container, login5, CPU, 0, 0.0015, 0.0015, CPU 2",
                "State, Master, State, 0.000000, 0.000400, 0.000400, 0.000000, Running, 1",
                "State, THREAD 1.2.1, State, 0.000100, 0.001500, 0.001400, 0.000000, Sched, 2",
                "State, Master, State, 0.000400, 0.001500, 0.001100, 0.000000, 3, 1",
                "State, Master, MPI P2P, 0.000300, 0.001500, 0.001200, 0.000000, MPI_Recv, 1",
                "Event, Master, 32000050, 0.000300, 18446744073709551615, 1",
                "Event, THREAD 1.2.1, 99, 0.000150, -3, 2",
                "Link, 0, Communication, 0.000210, 0.000250, 0.000040, 5, Master, THREAD 1.2.1, 1, "
                "0.000200, 0.000190, 64, 1, 2",
            }));
}

TEST(ParaverDump, WithoutCompanionsEverythingKeepsItsNumberAndDefaultName) {
  DumpOutcome out = DumpParaver(
      "#Paraver (d):500:0:1:1(2:0)\n"
      "1:0:1:1:2:0:500:7\n"
      "2:0:1:1:1:100:50000001:2\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines,
            Sorted({
                "Container, 0, 0, 0, 0.0005, 0.0005, 0",
                "Container, 0, Application, 0, 0.0005, 0.0005, APPL 1",
                "Container, APPL 1, Task, 0, 0.0005, 0.0005, TASK 1.1",
                "Container, TASK 1.1, Thread, 0, 0.0005, 0.0005, THREAD 1.1.1",
                "Container, TASK 1.1, Thread, 0, 0.0005, 0.0005, THREAD 1.1.2",
                "State, THREAD 1.1.2, State, 0.000000, 0.000500, 0.000500, 0.000000, 7, 0",
                "Event, THREAD 1.1.1, 50000001, 0.000100, 2, 0",
            }));
}

TEST(ParaverDump, ATraceInMemoryReadsLikeItsFileAndNamesItselfInErrors) {
  DumpOutcome out = DumpParaverBytes("memory.prv", kTrace);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines, DumpParaver(kTrace).lines);
  EXPECT_EQ(DumpParaverBytes("memory.prv", std::string(kTrace) + "5:1\n").error,
            "memory.prv:11: unknown record type '5'");
}

TEST(ParaverDump, WithoutUserFieldsTheLinesEndAtTheValue) {
  std::string path = WriteParaverTrace("plain", kTrace, kPcf, kRow);
  DumpOutcome out = DumpParaverFile(path, {.simulator = {.keep_extras = false}});
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_TRUE(
      std::count(out.lines.begin(), out.lines.end(),
                 "State, Master, MPI P2P, 0.000300, 0.001500, 0.001200, 0.000000, MPI_Recv"));
  EXPECT_TRUE(
      std::count(out.lines.begin(), out.lines.end(), "Event, THREAD 1.2.1, 99, 0.000150, -3"));
  EXPECT_TRUE(std::count(out.lines.begin(), out.lines.end(),
                         "Link, 0, Communication, 0.000210, 0.000250, 0.000040, 5, Master, "
                         "THREAD 1.2.1, 1"));
}

TEST(ParaverDump, NanosecondTicksAndExactLogicalTimes) {
  DumpOutcome out = DumpParaver(
      "#Paraver (d):20000000000_ns:0:1:1(2:0)\n"
      "3:0:1:1:1:11900123:12000000:0:1:1:2:11500001:13000000:4096:7\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines.back(),
            "Link, 0, Communication, 0.012000, 0.013000, 0.001000, 7, THREAD 1.1.1, THREAD 1.1.2, "
            "1, 0.011900123, 0.011500001, 4096, 0, 0");
  EXPECT_EQ(out.lines.front(), "Container, 0, 0, 0, 20, 20, 0");
}

TEST(ParaverDump, LinkKeysCountCommunicationRecordsInFileOrder) {
  DumpOutcome out = DumpParaver(
      "#Paraver (d):10:0:1:1(2:0)\n"
      "3:0:1:1:1:5:5:0:1:1:2:6:6:1:1\n"
      "1:0:1:1:1:0:1:1\n"
      "3:0:1:1:2:1:1:0:1:1:1:2:2:1:1\n");
  ASSERT_TRUE(out.ok) << out.error;
  std::vector<std::string> links(out.lines.begin() + 5, out.lines.begin() + 7);
  EXPECT_EQ(links, Sorted({"Link, 0, Communication, 0.000005, 0.000006, 0.000001, 1, THREAD "
                           "1.1.1, THREAD 1.1.2, 1, 0.000005, 0.000006, 1, 0, 0",
                           "Link, 0, Communication, 0.000001, 0.000002, 0.000001, 1, THREAD "
                           "1.1.2, THREAD 1.1.1, 2, 0.000001, 0.000002, 1, 0, 0"}));
}

// Many blocks parsed by several workers give the same rows, in file order.
TEST(ParaverDump, ParallelBlocksGiveTheSameRows) {
  std::string trace = "#Paraver (d):100_us:1(4):1:2(2:1,2:1),0\n";
  for (int i = 0; i < 3000; ++i) {
    std::string thread = "1:" + std::to_string(1 + i % 2) + ":" + std::to_string(1 + i / 2 % 2);
    trace += "1:" + std::to_string(1 + i % 4) + ":" + thread + ":" + std::to_string(i) + ":" +
             std::to_string(i + 3) + ":" + std::to_string(i % 5) + "\n";
    trace += "2:0:" + thread + ":" + std::to_string(i) + ":7:" + std::to_string(i) + "\n";
    if (i % 7 == 0)
      trace += "3:0:1:1:1:" + std::to_string(i) + ":" + std::to_string(i) +
               ":0:1:2:2:" + std::to_string(i) + ":" + std::to_string(i + 1) + ":8:0\n";
  }
  std::string path = WriteParaverTrace("many", trace);
  DumpOutcome serial = DumpParaverFile(path);
  ReadOptions parallel{.blocks = {.block_size = 512, .first_block_size = 64},
                       .parse_workers = 3};
  DumpOutcome split = DumpParaverFile(path, parallel);
  ASSERT_TRUE(serial.ok) << serial.error;
  ASSERT_TRUE(split.ok) << split.error;
  EXPECT_EQ(serial.lines.size(), 3000u * 2 + 429 + 13);
  EXPECT_EQ(split.lines, serial.lines);
}

TEST(ParaverDump, ErrorsNameTheFileLineAcrossBlocks) {
  std::string trace = "#Paraver (d):100_us:1(4):1:1(1:1),0\n";
  for (int i = 0; i < 500; ++i) trace += "2:1:1:1:1:" + std::to_string(i) + ":7:1\n";
  trace += "2:1:1:1:2:5:7:1\n";
  for (int i = 0; i < 500; ++i) trace += "2:1:1:1:1:" + std::to_string(i) + ":7:1\n";
  trace += "x\n";
  std::string path = WriteParaverTrace("trace", trace);
  ReadOptions parallel{.blocks = {.block_size = 256, .first_block_size = 64},
                       .parse_workers = 3};
  EXPECT_EQ(DumpParaverFile(path, parallel).error,
            ParaverErrorAt(502, "thread 1.1.2 is not in the header"));
  EXPECT_EQ(DumpParaverFile(path).error, ParaverErrorAt(502, "thread 1.1.2 is not in the header"));
}

TEST(ParaverDump, AHeaderWithoutRecordsIsAnError) {
  EXPECT_EQ(DumpParaver("#Paraver (d):9:0:1:1(1:0)\n").error,
            ParaverErrorAt(1, "the header is not followed by any record"));
  EXPECT_EQ(DumpParaver("#Paraver (d):9:0:1:1(1:0),1\nc:1:1:1:1\n# nothing\n\n4:0:1:1:1:2\n").error,
            ParaverErrorAt(1, "the header is not followed by any record"));
}

TEST(ParaverDump, EmptyFileAndBadHeaderAreErrorsOnLineOne) {
  EXPECT_EQ(DumpParaver("").error, ParaverErrorAt(1, "empty file: expected a '#Paraver (' header"));
  EXPECT_EQ(DumpParaver("%EventDef PajeDefineContainerType 0\n").error,
            ParaverErrorAt(1, "not a Paraver trace: the first line must start with '#Paraver ('"));
  EXPECT_EQ(DumpParaver("#Paraver (d):9:0:1:1(1:0\n1:0:1:1:1:0:1:1\n").error,
            ParaverErrorAt(1,
                           "malformed Paraver header: expected ')' after the tasks of an "
                           "application at the end of the line"));
}

TEST(ParaverDump, CrLfLinesAndAByteOrderMark) {
  DumpOutcome out = DumpParaver("\xEF\xBB\xBF#Paraver (d):9:0:1:1(1:0)\r\n1:0:1:1:1:0:9:1\r\n");
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.lines.back(),
            "State, THREAD 1.1.1, State, 0.000000, 0.000009, 0.000009, "
            "0.000000, 1, 0");
}

TEST(ParaverDump, RecordErrorsNameTheLine) {
  EXPECT_EQ(DumpParaver("#Paraver (d):9:1(2):1:1(1:1)\n# c\n1:3:1:1:1:0:9:1\n").error,
            ParaverErrorAt(3, "CPU 3 is not in the header (2 CPUs)"));
  EXPECT_EQ(DumpParaver("#Paraver (d):9:1(2):1:1(1:1)\n2:1:1:1:1:0:7\n").error,
            ParaverErrorAt(2,
                           "event record needs TIME and at least one TYPE:VALUE pair, found 7 "
                           "fields"));
}

TEST(ParaverDump, ExactSecondsRefusesTimesFromTwoToThe51Ticks) {
  std::string path =
      WriteParaverTrace("trace",
                        "#Paraver (d):9_ns:0:1:1(1:0)\n1:0:1:1:1:0:2251799813685247:1\n"
                        "1:0:1:1:1:0:2251799813685248:1\n");
  EXPECT_TRUE(DumpParaverFile(path).ok);
  EXPECT_EQ(DumpParaverFile(path, {.exact_seconds = true}).error,
            ParaverErrorAt(3,
                           "time 2251799813685248 is too large to store exactly in seconds "
                           "(the limit is 2^51 - 1 ticks)"));
}

// What ingest relies on: raw = round(seconds / seconds_per_tick) while
// |raw| < 2^51, seconds being raw * seconds_per_tick in a double.
TEST(ParaverTimes, RawTicksComeBackFromSeconds) {
  std::mt19937_64 random(42);
  for (double tick : {1e-9, 1e-6, 1e-3}) {
    for (int i = 0; i < 200000; ++i) {
      int64_t raw = static_cast<int64_t>(random() >> (13 + i % 40));
      if (i == 0) raw = paraver::kMaxExactTicks;
      double seconds = static_cast<double>(raw) * tick;
      ASSERT_EQ(std::llround(seconds / tick), raw) << tick;
    }
  }
}

// The value ids (and numbers) of the events, in file order, as the mapper
// gives them.
class EventValueIds : public EntitySink {
 public:
  void OnContainer(const ContainerRow&) override {}
  void OnState(const StateRow&) override {}
  void OnEvent(const EventRow& row) override {
    ids.push_back(row.value);
    numbers.push_back(row.number);
  }
  void OnVariable(const VariableRow&) override {}
  void OnLink(const LinkRow&) override {}
  std::vector<uint32_t> ids;
  std::vector<int64_t> numbers;
};

// A value the .pcf does not label is the event's number, with no value row;
// a labelled one is a value row; one beyond 64-bit integers a value row
// named by its number.
TEST(ParaverDump, UnlabelledEventValuesAreNumbers) {
  std::string prv =
      "#Paraver (01/02/2020 at 10:00):1000_us:1(1):1:1(1:1)\n"
      "2:1:1:1:1:1:77:5:78:1:78:2\n"
      "2:1:1:1:1:2:77:-9223372036854775808:77:9223372036854775807:77:9223372036854775808\n";
  std::string pcf = "EVENT_TYPE\n0 78 Phase\nVALUES\n1 Init\n";
  std::string path = WriteParaverTrace("numbers", prv, pcf);
  InputFile trace(path);
  Registry registry;
  EventValueIds sink;
  paraver::ReadParaverTrace(trace, paraver::FindCompanions(path, "", ""), {}, {}, &registry,
                            &sink);
  EXPECT_EQ(sink.ids,
            (std::vector<uint32_t>{kNumberValue, 0, kNumberValue, kNumberValue, kNumberValue, 1}));
  EXPECT_EQ(sink.numbers[0], 5);
  EXPECT_EQ(sink.numbers[2], 2);
  EXPECT_EQ(sink.numbers[3], INT64_MIN);
  EXPECT_EQ(sink.numbers[4], INT64_MAX);
  ASSERT_EQ(registry.value_count(), 2u);
  NumberDigits digits;
  EXPECT_EQ(registry.value_name(0, digits), "Init");
  EXPECT_EQ(registry.value_name(1, digits), "9223372036854775808");
  DumpOutcome dump = DumpParaverFile(path);
  ASSERT_TRUE(dump.ok) << dump.error;
  EXPECT_EQ(std::count(dump.lines.begin(), dump.lines.end(),
                       "Event, THREAD 1.1.1, 77, 0.000002, -9223372036854775808, 1"),
            1);
}

// Values beyond 64-bit integers are remembered in bounded memory: a number
// in use keeps its value id, one unused while several others came gets a
// new one. Names, and so the dump, are the same whatever the mapper
// remembers.
TEST(ParaverDump, CounterValuesAreRememberedInBoundedMemory) {
  std::string prv = "#Paraver (01/02/2020 at 10:00):1000_us:1(1):1:1(1:1)\n";
  // 100 is used at every other record; 1..12 once each; then 1 and 100
  // again; each above 2^63.
  std::vector<int> values;
  for (int n = 1; n <= 12; ++n) values.insert(values.end(), {100, n});
  values.insert(values.end(), {1, 100});
  for (size_t i = 0; i < values.size(); ++i) {
    prv += "2:1:1:1:1:" + std::to_string(i) +
           ":77:" + std::to_string((uint64_t{1} << 63) + static_cast<uint64_t>(values[i])) + "\n";
  }
  std::string path = WriteParaverTrace("counters", prv);
  InputFile trace(path);
  Registry registry;
  EventValueIds sink;
  paraver::ReadParaverTrace(trace, {.trace = path}, {}, {}, &registry, &sink, 4);
  ASSERT_EQ(sink.ids.size(), values.size());
  uint32_t hundred = sink.ids[0];
  uint32_t one = sink.ids[1];
  for (size_t i = 0; i < 24; i += 2) EXPECT_EQ(sink.ids[i], hundred) << i;
  EXPECT_EQ(sink.ids[25], hundred);
  EXPECT_EQ(one, 1u);
  EXPECT_EQ(sink.ids[24], 13u);            // 1 was forgotten among 2..12: a new id
  EXPECT_EQ(registry.value_count(), 14u);  // 100, 1..12, 1 again

  DumpOutcome bounded = DumpParaverFile(path, {}, {}, 4);
  DumpOutcome unbounded = DumpParaverFile(path, {}, {}, size_t{1} << 10);
  ASSERT_TRUE(bounded.ok) << bounded.error;
  EXPECT_EQ(bounded.lines, unbounded.lines);
  EXPECT_EQ(std::count(bounded.lines.begin(), bounded.lines.end(),
                       "Event, THREAD 1.1.1, 77, 0.000024, 9223372036854775809, 1"),
            1);
}

}  // namespace
}  // namespace tracedb::testing::paraver_dump_test

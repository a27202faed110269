// Hostile input that tracedb must accept, through the real binary: a value or
// a record of a megabyte, a million containers or nested states, containers
// nested deep, files of comments or definitions only, a byte order mark,
// gzip through a pipe, companions with CRLF line ends or too few names, an
// OTF2 archive without one of its (optional) local definition files. Every
// row runs as `tracedb dump`, as `tracedb ingest` into an archive that already
// holds another complete trace (hostile_runs.h), and as `tracedb dump --db`,
// and must give exactly the expected entities, each run within a bound on its
// peak memory.
#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "hostile_inputs.h"
#include "hostile_runs.h"
#include "support/child_process.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::hostile::accepted_input_test {
namespace {

namespace fs = std::filesystem;

// Under sanitizers, the million-line rows hold a tenth of that (the same
// code paths, in far less time), and memory bounds are not checked
// (hostile_runs.cc).
constexpr int kMillion = kSanitizedBuild ? 100'000 : 1'000'000;
constexpr int kDeep = kSanitizedBuild ? 10'000 : 100'000;

struct Accepted {
  std::string name;
  Input input;
  std::vector<std::string> (*expected)();  // the dump's lines, sorted
  long max_rss_mb;                         // for each run of tracedb
  bool user_fields = false;                // dump -u
};

void PrintTo(const Accepted& row, std::ostream* out) { *out << row.name; }

class AcceptedInput : public ::testing::TestWithParam<Accepted> {};

TEST_P(AcceptedInput, GivesExactlyTheEntitiesWithinBoundedMemory) {
  const Accepted& row = GetParam();
  WrittenTrace trace = WriteInput(row.input, row.name);
  std::vector<std::string> dump_args = {"dump"};
  if (row.user_fields) dump_args.push_back("-u");
  const std::vector<std::string> expected = row.expected();

  ChildRun dump = RunTracedb(With(dump_args, trace.args), trace.run_options);
  ExpectSuccess(dump, row.max_rss_mb, "dump", CompanionWarnings(row.input, trace));
  ExpectSameLines(SortedLines(dump.out), expected, "dump");

  Archive archive = ArchiveIn(trace.folder);
  ChildRun ingest =
      RunTracedb(With({"ingest", "-q", "--db", archive.db}, trace.args), trace.run_options);
  ExpectSuccess(ingest, row.max_rss_mb, "ingest", CompanionWarnings(row.input, trace));
  ChildRun stored = RunTracedb(With(dump_args, {"--db", archive.db, "id:2"}));
  ExpectSuccess(stored, row.max_rss_mb, "dump --db");
  ExpectSameLines(SortedLines(stored.out), expected, "dump --db");
  ExpectOtherTraceUntouched(archive);
  if (!HasFailure()) fs::remove_all(trace.folder);  // up to 25 MB
}

const std::string kMegabyte(1 << 20, 'v');

std::string PajeHugeQuotedValue() {
  return Header() + "12 1 E t1 \"" + kMegabyte + "\"\n12 2 E t1 y\n";
}

std::vector<std::string> HugeQuotedValueLines() {
  return Expect(
      {WorldContainers("2"),
       {"Event, thread1, Ev, 1.000000, " + kMegabyte, "Event, thread1, Ev, 2.000000, y"}});
}

const char* kNoteDefinition =
    "%EventDef PajeNewEvent 40\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n% Note string\n%EndEventDef\n";

std::string PajeHugeUserField() {
  return Header() + kNoteDefinition + "40 1 E t1 v " + kMegabyte + "\n";
}

std::vector<std::string> HugeUserFieldLines() {
  return Expect({WorldContainers("1"), {"Event, thread1, Ev, 1.000000, v, " + kMegabyte}});
}

std::string PajeMillionNestedPushes() { return Header() + Repeat("9 1 S t1 A\n", kMillion); }

std::vector<std::string> MillionNestedStateLines() {
  std::vector<std::string> lines = WorldContainers("1");
  for (int depth = 0; depth < kMillion; ++depth) {
    lines.push_back("State, thread1, State, 1.000000, 1.000000, 0.000000, " + Fixed(depth) + ", A");
  }
  return Sorted(lines);
}

std::string PajeMillionContainers() {
  std::string text = Header();
  for (int i = 0; i < kMillion; ++i) {
    std::string n = std::to_string(i);
    text += "6 1 c" + n + " T n1 c" + n + "\n";
  }
  return text;
}

std::vector<std::string> MillionContainerLines() {
  std::vector<std::string> lines = WorldContainers("1");
  for (int i = 0; i < kMillion; ++i) {
    lines.push_back("Container, node1, Thread, 1, 1, 0, c" + std::to_string(i));
  }
  return Sorted(lines);
}

// Containers nested kDeep levels (each level its own container type): the
// end of the trace destroyed them recursively and overflowed the stack.
std::string PajeDeepContainers() {
  std::string text = Header();
  std::string parent_type = "0";
  for (int i = 0; i < kDeep; ++i) {
    std::string type = "T" + std::to_string(i);
    text += "0 " + type + " " + parent_type + " Type" + std::to_string(i) + "\n";
    parent_type = type;
  }
  std::string parent = "0";
  for (int i = 0; i < kDeep; ++i) {
    std::string n = std::to_string(i);
    text += "6 1 c" + n + " T" + n + " " + parent + " c" + n + "\n";
    parent = "c" + n;
  }
  return text;
}

std::vector<std::string> DeepContainerLines() {
  std::vector<std::string> lines = WorldContainers("1");
  std::string parent = "0";
  for (int i = 0; i < kDeep; ++i) {
    std::string n = std::to_string(i);
    lines.push_back("Container, " + parent + ", Type" + n + ", 1, 1, 0, c" + n);
    parent = "c" + n;
  }
  return Sorted(lines);
}

// One event record of 90,000 TYPE:VALUE pairs, ten types and as many
// values as pairs: a line of about 1 MB.
constexpr int kPairs = 90'000;

std::string PrvHugeEventRecord() {
  std::string line = "2:1:1:1:1:50";
  for (int k = 1; k <= kPairs; ++k) line += ":" + std::to_string(k % 10) + ":" + std::to_string(k);
  return kPrvHeader + line + "\n";
}

std::vector<std::string> HugeEventRecordLines() {
  std::vector<std::string> lines = PrvContainers();
  for (int k = 1; k <= kPairs; ++k) {
    lines.push_back("Event, THREAD 1.1.1, " + std::to_string(k % 10) + ", 0.000050, " +
                    std::to_string(k));
  }
  return Sorted(lines);
}

std::vector<std::string> RootOnly() { return {"Container, 0, 0, 0, -1, -1, 0"}; }

const char* kStateAndEvent = "1:1:1:1:1:0:100:1\n2:1:1:1:1:50:7:8\n";

// Local definition files are optional: WriteOtf2Pair's archive without
// traces/1.def reads the same.
void Otf2WithoutALocalDefinitionFile(const std::string& folder) {
  WriteOtf2Pair(folder);
  fs::remove(fs::path(folder) / "traces/1.def");
}

std::vector<std::string> Otf2PairLines() {
  return Sorted({"Container, 0, 0, 0, 0.04, 0.04, 0", "Container, 0, node, 0, 0.04, 0.04, host",
                 "Container, host, process, 0, 0.03, 0.03, Process 0",
                 "Container, host, process, 0.005, 0.04, 0.035, Process 1",
                 "Container, Process 0, thread, 0, 0.03, 0.03, Thread 0",
                 "Container, Process 1, thread, 0.005, 0.04, 0.035, Thread 0",
                 "State, Thread 0, Region, 0.000000, 0.030000, 0.030000, 0.000000, main",
                 "State, Thread 0, Region, 0.005000, 0.040000, 0.035000, 0.000000, main",
                 "Link, 0, MPI point-to-point, 0.010000, 0.020000, 0.010000, MPI_COMM_WORLD, "
                 "Thread 0, Thread 0, 1"});
}

std::vector<Accepted> AllAccepted() {
  return {
      {"PajeMegabyteQuotedValue", Generated("trace.paje", PajeHugeQuotedValue),
       HugeQuotedValueLines, 64},
      {"PajeMegabyteUserField", Generated("trace.paje", PajeHugeUserField), HugeUserFieldLines, 64,
       true},
      {"PrvMegabyteEventRecord", Generated("trace.prv", PrvHugeEventRecord), HugeEventRecordLines,
       96},
      {"MillionNestedPushStates", Generated("trace.paje", PajeMillionNestedPushes),
       MillionNestedStateLines, 400},
      {"MillionContainers", Generated("trace.paje", PajeMillionContainers), MillionContainerLines,
       800},
      {"ContainersNestedDeep", Generated("trace.paje", PajeDeepContainers), DeepContainerLines,
       600},
      {"PajeOnlyComments",
       {.file = "trace.paje", .content = "# one\n   # two\n\t# three\n\n"},
       RootOnly,
       32},
      {"PajeDefinitionsOnly",
       {.file = "trace.paje",
        .content = "%EventDef PajeNewEvent 1\n% Time date\n% Type string\n"
                   "% Container string\n% Value string\n%EndEventDef\n"},
       RootOnly,
       32},
      {"PajeWithAByteOrderMark",
       {.file = "trace.paje", .content = "\xEF\xBB\xBF" + Header() + "12 1 E t1 x\n"},
       +[] {
         return Expect({WorldContainers("1"), {"Event, thread1, Ev, 1.000000, x"}});
       },
       32},
      {"PajeGzipThroughAPipe",
       Paje("8 1.0 S t1 A\n12 2.0 E t2 x\n", Shape::kGzip, Feed::kStdinPipe),
       +[] {
         return Expect({WorldContainers("2"),
                        {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
                         "Event, thread2, Ev, 2.000000, x"}});
       },
       32},
      {"PcfAndRowWithCrlfLineEnds",
       Prv(kStateAndEvent,
           "STATES\r\n1 Running\r\n\r\nEVENT_TYPE\r\n9 7 My type\r\nVALUES\r\n8 Eight\r\n",
           "LEVEL THREAD SIZE 1\r\nmain\r\n"),
       +[] {
         return Expect({PrvContainers("main"),
                        {"State, main, State, 0.000000, 0.000100, 0.000100, 0.000000, Running",
                         "Event, main, My type, 0.000050, Eight"}});
       },
       32},
      {"Otf2WithoutALocalDefinitionFile", Otf2(Otf2WithoutALocalDefinitionFile), Otf2PairLines, 32},
      {"RowWithFewerNamesThanObjects", Prv(kStateAndEvent, "", "LEVEL THREAD SIZE 2\nmain\n"),
       +[] {
         return Expect({PrvContainers("main"),
                        {"State, main, State, 0.000000, 0.000100, 0.000100, 0.000000, 1",
                         "Event, main, 7, 0.000050, 8"}});
       },
       32},
  };
}

INSTANTIATE_TEST_SUITE_P(Hostile, AcceptedInput, ::testing::ValuesIn(AllAccepted()),
                         RowName<Accepted>);

}  // namespace
}  // namespace tracedb::testing::hostile::accepted_input_test

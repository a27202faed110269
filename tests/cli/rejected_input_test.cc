// Hostile input that tracedb must reject, through the real binary (Pajé,
// Paraver and OTF2). Every row
// runs as `tracedb dump` and as `tracedb ingest` into an archive that
// already holds another complete trace (hostile_runs.h), and must fail
// cleanly: exit code 1, not a signal; exactly the expected message on stderr
// (FILE:LINE: problem, FILE as the command line named it); and the archive as
// it was: the other trace's row and rows unchanged, no row of the failed load
// (its trace row, if the load began, marked failed with that same message),
// no scratch file. A named pipe is read once by dump and refused by ingest.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "hostile_inputs.h"
#include "hostile_runs.h"
#include "support/child_process.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::hostile::rejected_input_test {
namespace {

namespace fs = std::filesystem;

void ExpectCleanFailure(const ChildRun& run, const std::string& message, const char* command) {
  EXPECT_FALSE(run.signaled) << command << " was killed by signal " << run.signal;
  EXPECT_EQ(run.exit_code, 1) << command;
  EXPECT_EQ(run.err, message + "\n") << command;
}

struct Rejected {
  std::string name;
  Input input;
  std::string error;         // "{FILE}" stands for the trace as the command line named it
  std::string ingest_error;  // when ingest's differs
};

void PrintTo(const Rejected& row, std::ostream* out) { *out << row.name; }

class RejectedInput : public ::testing::TestWithParam<Rejected> {};

// Root reads a file whatever its mode: for the unreadable file, tracedb runs
// without the capabilities that let it (setpriv, from util-linux), so that
// the row means the same for every user.
ChildRun RunFor(const Rejected& row, const std::vector<std::string>& args,
                const ChildOptions& options) {
  if (row.input.shape != Shape::kUnreadable || geteuid() != 0) return RunTracedb(args, options);
  std::vector<std::string> wrapped = {"--bounding-set=-dac_override,-dac_read_search",
                                      TRACEDB_BINARY};
  wrapped.insert(wrapped.end(), args.begin(), args.end());
  return RunChild("/usr/bin/setpriv", wrapped, options);
}

TEST_P(RejectedInput, FailsCleanlyAndLeavesTheArchiveAsItWas) {
  const Rejected& row = GetParam();
  WrittenTrace trace = WriteInput(row.input, row.name);
  std::string message = NameFile(row.error, trace.shown);

  ChildRun dump = RunFor(row, With({"dump"}, trace.args), trace.run_options);
  ExpectCleanFailure(dump, message, "dump");

  Archive archive = ArchiveIn(trace.folder);
  ChildRun ingest =
      RunFor(row, With({"ingest", "-q", "--db", archive.db}, trace.args), trace.run_options);
  if (!row.ingest_error.empty()) message = NameFile(row.ingest_error, trace.shown);
  ExpectCleanFailure(ingest, message, "ingest");
  EXPECT_EQ(ingest.out, "");
  ExpectNothingOfTheFailedLoad(archive, message);
  ExpectOtherTraceUntouched(archive);
  if (!HasFailure()) fs::remove_all(trace.folder);
}

// The bytes of a literal, NULs included.
template <size_t N>
std::string Bytes(const char (&text)[N]) {
  return std::string(text, N - 1);
}

// A PNG file's first bytes: what `tracedb dump *` meets in a folder of plots.
const std::string kPng = Bytes("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0");

// 2000 events: enough for a gzip stream worth cutting.
std::string ManyEvents() {
  std::string body;
  for (int i = 1; i <= 2000; ++i) {
    body += "12 " + std::to_string(i) + " E t1 v" + std::to_string(i) + "\n";
  }
  return body;
}

std::string PajeWithManyEvents() { return Header() + ManyEvents(); }

// A bad line after 300,000 good ones: far past the first blocks, which the
// parser workers take in parallel.
std::string PajeBadLineDeepDown() {
  return Header() + Repeat("12 1 E t1 x\n", 300'000) + "12 2 E nosuch x\n";
}

std::string PrvBadLineDeepDown() {
  return kPrvHeader + Repeat("2:1:1:1:1:50:7:8\n", 300'000) + "2:1:1:1:2:50:7:8\n";
}

std::string PrvWithManyRecords() { return kPrvHeader + Repeat("2:1:1:1:1:50:7:8\n", 3000); }

std::string PajeUnknownHugeId() { return Header() + std::string(1 << 20, 'x') + " 1 E t1 x\n"; }

// What the message of PajeUnknownHugeId shows: its head and tail around a
// note of what is left out (model/printable.h).
std::string HugeIdProblem() {
  const size_t size =
      std::string("event id '").size() + (1 << 20) + std::string("' is not defined").size();
  return "event id '" + std::string(630, 'x') + "...(" + std::to_string(size - 960) +
         " bytes not shown)..." + std::string(304, 'x') + "' is not defined";
}

std::string PajeTooManyFields() { return Header() + "12 1 E t1 x" + Repeat(" y", 100'000) + "\n"; }

std::string NulAt(int column) {
  return "NUL byte at column " + std::to_string(column) +
         " (a zero-filled block, as a crashed tracer leaves?)";
}

// What dump and ingest say of a file that no format recognises, showing
// its first bytes (as they are escaped in messages).
std::string NotATrace(const std::string& start) {
  return "{FILE}: not a Pajé, Paraver or OTF2 trace (it starts with \"" + start + "\")";
}

const char* kNoLineEnd = "{FILE}: a line longer than 64 MiB (no line end found): not a trace file";
const char* kNotARegularFile =
    "{FILE}: is not a regular file (a pipe or a device, which can be read only once); give its "
    "content on stdin instead: tracedb ingest -";

std::string PajeLineOf70MiB() {
  return Header() + "12 1 E t1 " + std::string(70 << 20, 'x') + "\n";
}

const char* kTruncatedGzip =
    "{FILE}: truncated gzip file (it ends in the middle of the compressed data)";

std::vector<Rejected> PajeRejected() {
  return {
      // Cut short.
      {"PajeCutMidLine", Paje("8 1.0 S t1 A\n12 2.0 E t"),
       PajeAt(2, "event '12' (PajeNewEvent) has 4 field(s) but the line has 3")},
      {"PajeCutMidQuote", Paje("8 1.0 S t1 \"A long"), PajeAt(1, "unterminated quote")},
      {"PajeUnterminatedQuoteMidFile", Paje("12 1 E t1 \"abc\n12 2 E t1 x\n"),
       PajeAt(1, "unterminated quote")},
      {"PajeCutInsideEventDef",
       {.file = "trace.paje", .content = "%EventDef PajeNewEvent 1\n% Time date\n% Type string"},
       "{FILE}:3: the %EventDef of '1' (line 1) has no %EndEventDef"},
      {"PajeCutInTheFirstLine",
       {.file = "trace.paje", .content = "%EventDef PajeNewEv"},
       "{FILE}:1: expected '%EventDef NAME ID'"},
      {"PajeGzipCutShort", Generated("trace.paje.gz", PajeWithManyEvents, Shape::kGzipCutInHalf),
       kTruncatedGzip},
      {"PajeGzipCutShortOnStdin",
       Generated("trace.paje.gz", PajeWithManyEvents, Shape::kGzipCutInHalf, Feed::kStdinFile),
       kTruncatedGzip},
      {"PajeGzipCutShortThroughAPipe",
       Generated("trace.paje.gz", PajeWithManyEvents, Shape::kGzipCutInHalf, Feed::kStdinPipe),
       kTruncatedGzip},
      {"PajeGzipBadChecksum",
       Generated("trace.paje.gz", PajeWithManyEvents, Shape::kGzipBadChecksum),
       "{FILE}: corrupt gzip data: incorrect data check"},
      // Empty, or not a trace at all: said at once, whatever the name.
      {"PajeEmptyFile", {.file = "trace.paje"}, "{FILE}: empty file"},
      {"TextFile",
       {.file = "notes.txt", .content = "hello world\r\nsecond line\n"},
       NotATrace("hello world")},
      {"SqliteDatabase",
       {.file = "runs.sqlite", .content = Bytes("SQLite format 3\0\x10\0\x01\x01\0@  \0\0\0\x02")},
       NotATrace("SQLite format 3\\x00\\x10\\x00\\x01\\x01\\x00@  ")},
      {"ElfBinary",
       {.file = "a.out",
        .content = Bytes("\x7f"
                         "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\xd0")},
       NotATrace("\\x7fELF\\x02\\x01\\x01" + Repeat("\\x00", 9) +
                 "\\x03\\x00>\\x00\\x01\\x00\\x00\\x00")},
      // Not text, or not only text, in a file whose name says Pajé.
      {"PngImage",
       {.file = "trace.paje", .content = kPng},
       "{FILE}:1: event id '\\x89PNG' is not defined"},
      // A NUL ends the line's use, wherever it is (crashed tracers leave
      // zero-filled blocks); it used to be stored inside names and values.
      {"BinaryBytesWithNul",
       {.file = "trace.paje", .content = Bytes("\0\x01\x02\xff\xfe garbage\n")},
       "{FILE}:1: " + NulAt(1)},
      {"NulInAContainerName", Paje(Bytes("12 1.0 E zz\0q x\n")), PajeAt(1, NulAt(12))},
      {"NulInATime", Paje(Bytes("12 1\0 E t1 x\n")), PajeAt(1, NulAt(5))},
      {"NulInAValue", Paje(Bytes("12 1 E t1 a\0b\n")), PajeAt(1, NulAt(12))},
      {"ZeroFilledBlockInTheBody",
       Paje("12 1 E t1 a\n" + std::string(4096, '\0') + "\n12 2 E t1 b\n"), PajeAt(2, NulAt(1))},
      {"NulInAHeaderLine",
       {.file = "trace.paje", .content = Bytes("%EventDef PajeNewEvent\0 1\n")},
       "{FILE}:1: " + NulAt(23)},
      {"TerminalEscapeInAName", Paje("12 1 E \x1b[31mred x\n"),
       PajeAt(1, "unknown container '\\x1b[31mred'")},
      {"HugeUnknownEventId", Generated("trace.paje", PajeUnknownHugeId),
       PajeAt(1, HugeIdProblem())},
      {"HugeLineOfTooManyFields", Generated("trace.paje", PajeTooManyFields),
       PajeAt(1, "event '12' (PajeNewEvent) has 4 field(s) but the line has 100004")},
      // Numbers.
      {"TimeTooLargeForADouble", Paje("12 1e999 E t1 x\n"), PajeAt(1, "invalid time '1e999'")},
      {"TimeOf400Digits", Paje("12 1" + std::string(400, '0') + " E t1 x\n"),
       PajeAt(1, "invalid time '1" + std::string(400, '0') + "'")},
      {"TimeTooSmallForADouble", Paje("12 1e-400 E t1 x\n"), PajeAt(1, "invalid time '1e-400'")},
      {"NanTime", Paje("12 nan E t1 x\n"), PajeAt(1, "invalid time 'nan'")},
      {"MinusInfinityTime", Paje("12 -inf E t1 x\n"), PajeAt(1, "invalid time '-inf'")},
      {"HexadecimalTime", Paje("12 0x10 E t1 x\n"), PajeAt(1, "invalid time '0x10'")},
      {"NanVariable", Paje("13 1 V t1 NaN\n"), PajeAt(1, "invalid number 'NaN' for a variable")},
      {"VariableTooLargeForADouble", Paje("13 1 V t1 -1e400\n"),
       PajeAt(1, "invalid number '-1e400' for a variable")},
      // Meaning.
      {"UndefinedEventId", Paje("12 1 E t1 x\n99 2 E t1 x\n"),
       PajeAt(2, "event id '99' is not defined")},
      {"ContainerCreatedTwice", Paje("6 1 t1 T n1 again\n"),
       PajeAt(1, "container 't1' already exists")},
      {"ContainerUnderTheWrongParent", Paje("6 1 t3 T 0 thread3\n"),
       PajeAt(1,
              "container type 'Thread' is not a child of container type '0' (the type of "
              "container '0')")},
      {"StateInAContainerOfTheWrongType", Paje("8 1 S n1 A\n"),
       PajeAt(1,
              "type 'State' is not a child of container type 'Node' (the type of container "
              "'node1')")},
      {"TypeUnderAStateType", Paje("1 S2 S State2\n"),
       PajeAt(1, "container type 'S' is a state type, not a container type")},
      {"PopWithNothingOpen", Paje("10 1 S t1\n"),
       PajeAt(1, "PopState with no open state of type 'State' in container 'thread1'")},
      {"PajeBadLineDeepDown", Generated("trace.paje", PajeBadLineDeepDown),
       PajeAt(300'001, "unknown container 'nosuch'")},
      // Not a file.
      {"Directory",
       {.file = "trace.paje", .shape = Shape::kDirectory},
       "{FILE}: is a directory, not a trace file (nor the folder of an OTF2 archive)"},
      {"UnreadableFile",
       {.file = "trace.paje", .content = Header(), .shape = Shape::kUnreadable},
       "{FILE}: cannot open: Permission denied"},
      {"MissingFile",
       {.file = "trace.paje", .shape = Shape::kMissing},
       "{FILE}: cannot open: No such file or directory"},
      // No line end, ever: dump used to hold it all in memory until killed.
      // ingest, which reads a file twice, refuses anything but a file.
      {"DevZero", {.shape = Shape::kDevZero}, NotATrace(Repeat("\\x00", 24)), kNotARegularFile},
      {"LineLongerThan64MiB", Generated("trace.paje", PajeLineOf70MiB), kNoLineEnd},
  };
}

std::vector<Rejected> ParaverRejected() {
  return {
      {"PrvEmpty", {.file = "trace.prv"}, "{FILE}: empty file"},
      {"PrvHeaderOnly", Prv(""), PrvAt(1, "the header is not followed by any record")},
      {"PrvPngImage",
       {.file = "trace.prv", .content = kPng},
       "{FILE}:1: not a Paraver trace: the first line must start with '#Paraver ('"},
      {"PrvAbsurdNodeCount",
       {.file = "trace.prv", .content = "#Paraver (x):10:99999999999:1:1(1:0)\n1:0:1:1:1:0:1:1\n"},
       "{FILE}:1: malformed Paraver header: too many nodes (more than 1048576 nodes, CPUs, "
       "applications, tasks and threads in all)"},
      // Each kind within the limit, but a million CPUs and a task of
      // 100,000 threads: more than 2^20 containers from 40 bytes.
      {"PrvHeaderDeclaringTooManyObjects",
       {.file = "trace.prv",
        .content = "#Paraver (x):10:1(1000000):1:1(100000:1)\n1:1:1:1:1:0:1:1\n"},
       "{FILE}:1: malformed Paraver header: too many threads (more than 1048576 nodes, CPUs, "
       "applications, tasks and threads in all)"},
      {"PrvEndTimeTooLarge",
       {.file = "trace.prv",
        .content = "#Paraver (x):99999999999999999999:0:1:1(1:0)\n1:0:1:1:1:0:1:1\n"},
       "{FILE}:1: malformed Paraver header: expected END_TIME (an integer) at "
       "'99999999999999999999:0:1...'"},
      {"PrvCutMidLine", Prv("1:1:1:1:1:0:100:1\n1:1:1:1:1:0:10"),
       PrvAt(3, "state record needs 8 fields, found 7")},
      {"PrvGzipCutShort", Generated("trace.prv.gz", PrvWithManyRecords, Shape::kGzipCutInHalf),
       kTruncatedGzip},
      {"PrvGzipCutShortThroughAPipe",
       Generated("trace.prv.gz", PrvWithManyRecords, Shape::kGzipCutInHalf, Feed::kStdinPipe),
       kTruncatedGzip},
      {"PrvNulInARecord",
       Prv(Bytes("1:1:1:1:1:0:1\0"
                 "00:1\n")),
       PrvAt(2, "END is not an integer: '1\\x0000'")},
      {"PrvUnknownRecordType", Prv("7:1:1:1:1:0:100:1\n"), PrvAt(2, "unknown record type '7'")},
      {"PrvThreadTheHeaderLacks", Prv("1:1:1:1:2:0:100:1\n"),
       PrvAt(2, "thread 1.1.2 is not in the header")},
      {"PrvTaskTheHeaderLacks", Prv("1:1:1:3:1:0:100:1\n"),
       PrvAt(2, "thread 1.3.1 is not in the header")},
      {"PrvApplicationTheHeaderLacks", Prv("2:0:2:1:1:50:7:8\n"),
       PrvAt(2, "thread 2.1.1 is not in the header")},
      {"PrvReceiverTheHeaderLacks", Prv("3:1:1:1:1:100:200:3:1:3:1:150:300:64:5\n"),
       PrvAt(2, "thread 1.3.1 is not in the header")},
      {"PrvThreadOnACpuOfAnotherNode", Prv("1:3:1:1:1:0:100:1\n"),
       PrvAt(2, "thread 1.1.1 is on node 1 but CPU 3 is on node 2")},
      {"PrvReceiverOnACpuOfAnotherNode", Prv("3:1:1:1:1:100:200:1:1:2:1:150:300:64:5\n"),
       PrvAt(2, "thread 1.2.1 is on node 2 but CPU 1 is on node 1")},
      {"PrvCpuTheHeaderLacks", Prv("1:5:1:1:1:0:100:1\n"),
       PrvAt(2, "CPU 5 is not in the header (4 CPUs)")},
      {"PrvTypeWithoutValue", Prv("2:1:1:1:1:50:7:8:9\n"),
       PrvAt(2, "event record has a TYPE without a VALUE (odd number of type:value fields)")},
      {"PrvEventWithoutPairs", Prv("2:1:1:1:1:50:7\n"),
       PrvAt(2, "event record needs TIME and at least one TYPE:VALUE pair, found 7 fields")},
      {"PrvTypeNotANumber", Prv("2:1:1:1:1:50:x:8\n"), PrvAt(2, "TYPE is not an integer: 'x'")},
      {"PrvEmptyPair", Prv("2:1:1:1:1:50::\n"), PrvAt(2, "TYPE is not an integer: ''")},
      {"PrvValueAbove64Bits", Prv("2:1:1:1:1:50:7:18446744073709551616\n"),
       PrvAt(2, "VALUE is out of range: '18446744073709551616'")},
      {"PrvTimeAbove63Bits", Prv("1:1:1:1:1:0:99999999999999999999:1\n"),
       PrvAt(2, "END is out of range: '99999999999999999999'")},
      {"PrvStateEndingBeforeItBegins", Prv("1:1:1:1:1:50:10:1\n"),
       PrvAt(2, "state ends before it begins: END 10 < BEGIN 50")},
      {"PrvBadLineDeepDown", Generated("trace.prv", PrvBadLineDeepDown),
       PrvAt(300'002, "thread 1.1.2 is not in the header")},
  };
}

// OTF2 archives with a file damaged or missing (WriteOtf2Pair's, then
// broken), and files named .otf2 that are no anchor.
void Otf2TruncatedEventFile(const std::string& folder) {
  WriteOtf2Pair(folder, 2000);
  fs::path evt = fs::path(folder) / "traces/0.evt";
  fs::resize_file(evt, fs::file_size(evt) / 2);
}

void Otf2AnchorAlone(const std::string& folder) {
  WriteOtf2Pair(folder);
  fs::remove(fs::path(folder) / "traces.def");
  fs::remove_all(fs::path(folder) / "traces");
}

void Otf2WithoutAnEventFile(const std::string& folder) {
  WriteOtf2Pair(folder);
  fs::remove(fs::path(folder) / "traces/1.evt");
}

// 200 bytes of a linear congruential generator: no format's first bytes.
std::string RandomBytes() {
  std::string bytes;
  uint32_t x = 12345;
  for (int i = 0; i < 200; ++i) {
    x = x * 1103515245 + 12345;
    bytes += static_cast<char>(x >> 24);
  }
  return bytes;
}

std::vector<Rejected> Otf2Rejected() {
  return {
      {"Otf2TruncatedEventFile", Otf2(Otf2TruncatedEventFile),
       "{FILE}: cannot read event file \"traces/0.evt\" (location id 0): Invalid or inconsistent "
       "record data (Could not read "
       "event from location!)"},
      {"Otf2AnchorPointingNowhere", Otf2(Otf2AnchorAlone),
       "{FILE}: missing global definition file \"traces.def\""},
      {"Otf2MissingEventFile", Otf2(Otf2WithoutAnEventFile),
       "{FILE}: missing event file \"traces/1.evt\" (location id 1)"},
      {"Otf2RandomBytes",
       {.file = "trace.otf2", .generate = RandomBytes},
       "{FILE}: not a readable OTF2 anchor file"},
      {"Otf2EmptyAnchor", {.file = "trace.otf2"}, "{FILE}: empty file"},
      // An archive is a folder: its anchor alone on stdin cannot be read.
      // (ingest spools stdin to a file first, so its reader opens a file
      // that is not the archive's anchor.)
      {"Otf2AnchorOnStdin",
       {.file = "traces.otf2",
        .archive = [](const std::string& folder) { WriteOtf2Pair(folder); },
        .feed = Feed::kStdinFile},
       "-: an OTF2 archive cannot be read from stdin: give its anchor file",
       "-: not a readable OTF2 anchor file"},
  };
}

std::vector<Rejected> AllRejected() {
  std::vector<Rejected> rows = PajeRejected();
  for (Rejected& row : ParaverRejected()) rows.push_back(std::move(row));
  for (Rejected& row : Otf2Rejected()) rows.push_back(std::move(row));
  return rows;
}

INSTANTIATE_TEST_SUITE_P(Hostile, RejectedInput, ::testing::ValuesIn(AllRejected()),
                         RowName<Rejected>);

// ---- named pipes -----------------------------------------------------------

// A named pipe (what `tracedb dump <(zcat t.gz)` gets) gives its bytes once.
// dump used to look at the first bytes for the format through a 1 MB read,
// then print an empty trace from what was left; ingest read it for its
// digest and stored an empty trace as complete. Now dump reads it once, as
// Pajé unless named NAME.prv, and ingest refuses it, saying what to do.
void ExpectPipeReadOnceAndRefusedByIngest(const Input& input, const std::string& name,
                                          const std::vector<std::string>& expected) {
  WrittenTrace trace = WriteInput(input, name);
  ChildRun dump = RunTracedb(With({"dump"}, trace.args), trace.run_options);
  ExpectSuccess(dump, 32, "dump", CompanionWarnings(input, trace));
  ExpectSameLines(SortedLines(dump.out), expected, "dump");

  Archive archive = ArchiveIn(trace.folder);
  ChildRun ingest =
      RunTracedb(With({"ingest", "-q", "--db", archive.db}, trace.args), trace.run_options);
  std::string message = NameFile(kNotARegularFile, trace.shown);
  ExpectCleanFailure(ingest, message, "ingest");
  ExpectNothingOfTheFailedLoad(archive, message);
  ExpectOtherTraceUntouched(archive);
}

TEST(HostileInput, APajeNamedPipeIsReadOnceByDumpAndRefusedByIngest) {
  ExpectPipeReadOnceAndRefusedByIngest(
      {.file = "trace.paje",
       .content = Header() + "8 1.0 S t1 A\n12 2.0 E t2 x\n",
       .shape = Shape::kFifo},
      "PajeNamedPipe",
      Expect({WorldContainers("2"),
              {"State, thread1, State, 1.000000, 2.000000, 1.000000, 0.000000, A",
               "Event, thread2, Ev, 2.000000, x"}}));
}

TEST(HostileInput, AParaverNamedPipeIsReadOnceByDumpAndRefusedByIngest) {
  Input input = Prv("2:1:1:1:1:50:7:8\n");
  input.shape = Shape::kFifo;
  ExpectPipeReadOnceAndRefusedByIngest(
      input, "ParaverNamedPipe",
      Expect({PrvContainers(), {"Event, THREAD 1.1.1, 7, 0.000050, 8"}}));
}

}  // namespace
}  // namespace tracedb::testing::hostile::rejected_input_test

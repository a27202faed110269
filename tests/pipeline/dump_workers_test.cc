// dump with text workers (output/dump_writer.h): the same bytes in the same
// order as the simulator's thread alone spells them, with every name that
// a row or a forgetful Registry would take away copied in time; the same
// errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "format/paje/paje_format.h"
#include "format/paraver/paraver_format.h"
#include "input/input_file.h"
#include "model/input_error.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::dump_workers_test {
namespace {

struct Text {
  std::string out;
  std::string error;  // empty when the dump succeeded
};

// Dumps `path` with `format_workers` text workers (3 parsers beside).
Text DumpWith(const std::string& path, const TraceFormat& format, int format_workers,
              bool user_fields = false) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  Text text;
  try {
    InputFile input(path);
    DumpPipelineOptions options{
        .user_fields = user_fields, .read = {.parse_workers = 3}, .format_workers = format_workers};
    DumpTrace(input, format, format.companions(path, {}), options, {}, out);
  } catch (const InputError& e) {
    text.error = e.what();
  }
  std::fclose(out);
  text.out.assign(buffer, size);
  std::free(buffer);
  return text;
}

size_t LineCount(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// Every write a FILE* passes on, as it comes: the stream is unbuffered.
struct Writes {
  std::vector<std::string> pieces;
  static ssize_t Write(void* cookie, const char* data, size_t size) {
    static_cast<Writes*>(cookie)->pieces.emplace_back(data, size);
    return static_cast<ssize_t>(size);
  }
};

// Dumps `path` with DumpWriter's `options`, recording each write.
Writes DumpWrites(const std::string& path, DumpOptions options) {
  Writes writes;
  cookie_io_functions_t io{
      .read = nullptr, .write = Writes::Write, .seek = nullptr, .close = nullptr};
  std::FILE* out = fopencookie(&writes, "w", io);
  std::setvbuf(out, nullptr, _IONBF, 0);
  {
    Registry registry;
    DumpWriter writer(registry, out, options);
    InputFile input(path);
    paje::kPajeFormat.read(input, {}, ReadOptions{}, {}, &registry, &writer);
    writer.Flush();
  }
  std::fclose(out);
  return writes;
}

// dump --db's readers share stdout: with whole_lines each write ends a
// line, even past a line longer than the text's buffer, and the bytes are
// those of a writer without it.
TEST(DumpWorkers, WholeLinesGoOutInWritesThatEndALine) {
  std::string body;
  for (int i = 0; i < 3'000; ++i) {
    body += "8 " + std::to_string(i) + " S t1 V" + std::to_string(i % 5) + "\n";
    if (i == 1'000) body += "8 1000.5 S t1 " + std::string(200'000, 'x') + "\n";
  }
  std::string path = WriteTempFile("whole-lines.paje", Header() + body);
  Writes plain = DumpWrites(path, {});
  Writes whole = DumpWrites(path, {.whole_lines = true});
  std::string joined;
  for (const std::string& piece : whole.pieces) {
    EXPECT_TRUE(piece.ends_with('\n')) << piece.size() << " bytes";
    joined += piece;
  }
  std::string expected;
  for (const std::string& piece : plain.pieces) expected += piece;
  EXPECT_GT(expected.size(), 200'000u);
  EXPECT_TRUE(joined == expected) << joined.size() << " against " << expected.size();
  // Without it, the long line is cut where the buffer was full.
  EXPECT_TRUE(std::any_of(plain.pieces.begin(), plain.pieces.end(),
                          [](const std::string& piece) { return !piece.ends_with('\n'); }));
}

TEST(DumpWorkers, TextWorkersGiveTheSameBytesInTheSameOrder) {
  std::string path = WriteTempFile("workers.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 3M --seed 5 " + path).c_str()), 0);
  Text serial = DumpWith(path, paje::kPajeFormat, 0);
  ASSERT_EQ(serial.error, "");
  ASSERT_GT(LineCount(serial.out), 4 * DumpWriter::kBatchLines);
  for (int workers : {1, 3}) {
    Text parallel = DumpWith(path, paje::kPajeFormat, workers);
    EXPECT_EQ(parallel.error, "");
    EXPECT_TRUE(parallel.out == serial.out) << workers << ": " << parallel.out.size() << " bytes";
  }
}

// Keys and user fields live in the rows, which are gone when a worker
// spells them; long ones are on the heap, where a dangling view shows.
TEST(DumpWorkers, LinkKeysAndUserFieldsOutliveTheirRows) {
  std::string body =
      "%EventDef PajePushState 40\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% Note string\n%EndEventDef\n";
  std::string tail = "-a-name-longer-than-any-short-string";
  for (int i = 0; i < 10'000; ++i) {
    std::string t = std::to_string(i);
    std::string key = "key" + t + tail;
    body += "40 " + t + " S t1 V" + std::to_string(i % 7) + " note" + t + tail + "\n";
    body += "10 " + t + ".5 S t1\n";
    body += "16 " + t + " L 0 m t1 " + key + "\n17 " + t + ".25 L 0 m t2 " + key + "\n";
  }
  std::string path = WriteTempFile("keys.paje", Header() + body);
  Text serial = DumpWith(path, paje::kPajeFormat, 0, /*user_fields=*/true);
  ASSERT_EQ(serial.error, "");
  ASSERT_EQ(LineCount(serial.out), 20'000u + WorldContainers("9999.25").size());
  EXPECT_NE(serial.out.find("Link, 0, Link, 9999.000000, 9999.250000, 0.250000, m, thread1, "
                            "thread2, key9999" +
                            tail + "\n"),
            std::string::npos);
  EXPECT_NE(serial.out.find(", V3, note9999" + tail + "\n"), std::string::npos);
  Text parallel = DumpWith(path, paje::kPajeFormat, 2, /*user_fields=*/true);
  EXPECT_EQ(parallel.error, "");
  EXPECT_TRUE(parallel.out == serial.out);
}

// Paraver values without a label are numbers: an event's value is spelled
// from the row, a link's tag by the Registry into a buffer the next one
// overwrites. Each line keeps its own spelling.
TEST(DumpWorkers, NumberedValuesAreSpelledBeforeTheRegistryReusesTheirBuffer) {
  std::string prv = "#Paraver (d):100000_us:1(4):1:2(2:1,2:1),0\n";
  for (int i = 0; i < 20'000; ++i) {
    std::string t = std::to_string(i);
    prv += "2:0:1:1:" + std::to_string(1 + i % 2) + ":" + t + ":7:" + std::to_string(i * 3) + "\n";
    prv += "3:0:1:1:1:" + t + ":" + t + ":0:1:2:2:" + t + ":" + std::to_string(i + 1) + ":8:" +
           std::to_string(1000 + i) + "\n";
  }
  std::string path = WriteParaverTrace("numbered", prv);
  Text serial = DumpWith(path, paraver::kParaverFormat, 0);
  ASSERT_EQ(serial.error, "");
  EXPECT_NE(serial.out.find(", 59997\n"), std::string::npos);
  EXPECT_NE(serial.out.find(", 20999, "), std::string::npos);
  Text parallel = DumpWith(path, paraver::kParaverFormat, 2);
  EXPECT_EQ(parallel.error, "");
  EXPECT_TRUE(parallel.out == serial.out);
}

TEST(DumpWorkers, ABadLineGivesTheSameErrorAfterTheSameOutput) {
  std::string body;
  for (int i = 0; i < 30'000; ++i) body += "12 " + std::to_string(i) + " E t1 x\n";
  body += "12 30001 E nosuch x\n";
  for (int i = 0; i < 100; ++i) body += "12 " + std::to_string(40'000 + i) + " E t1 x\n";
  std::string path = WriteTempFile("trace.paje", Header() + body);
  Text serial = DumpWith(path, paje::kPajeFormat, 0);
  Text parallel = DumpWith(path, paje::kPajeFormat, 2);
  EXPECT_EQ(serial.error, ErrorAt(BodyLine(30'001), "unknown container 'nosuch'"));
  EXPECT_EQ(parallel.error, serial.error);
  // Every event before the bad line, whether spelled inline or on workers.
  EXPECT_TRUE(parallel.out == serial.out);
  EXPECT_NE(parallel.out.find("Event, thread1, Ev, 29999.000000, x\n"), std::string::npos);
  Text whole =
      DumpWith(WriteTempFile("whole.paje", Header() + body.substr(0, body.find("12 30001"))),
               paje::kPajeFormat, 0);
  ASSERT_EQ(whole.error, "");
  EXPECT_EQ(whole.out.compare(0, parallel.out.size(), parallel.out), 0);
}

// The error of dumping the Pajé trace at `path` to /dev/full; "" if none.
std::string DumpToFullDisk(const std::string& path, int workers) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> full(std::fopen("/dev/full", "w"), std::fclose);
  if (!full) return "cannot open /dev/full";
  InputFile input(path);
  DumpPipelineOptions options{.read = {.parse_workers = 1}, .format_workers = workers};
  try {
    DumpTrace(input, paje::kPajeFormat, {}, options, {}, full.get());
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// The output of the lines before a bad one fails first: its error is the
// one reported, however far the reading got meanwhile.
TEST(DumpWorkers, AWriteErrorBeforeABadLineIsTheOneReported) {
  std::string body;
  for (int i = 0; i < 20'000; ++i) body += "12 " + std::to_string(i) + " E t1 x\n";
  body += "12 20001 E nosuch x\n";
  std::string path = WriteTempFile("late.paje", Header() + body);
  for (int workers : {0, 2}) {
    EXPECT_EQ(DumpToFullDisk(path, workers), "cannot write the output: No space left on device")
        << workers;
  }
}

TEST(DumpWorkers, AFullDiskIsAnErrorWithItsReason) {
  std::string path = WriteTempFile("full.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 1M --seed 6 " + path).c_str()), 0);
  for (int workers : {0, 2}) {
    EXPECT_EQ(DumpToFullDisk(path, workers), "cannot write the output: No space left on device")
        << workers;
  }
}

}  // namespace
}  // namespace tracedb::testing::dump_workers_test

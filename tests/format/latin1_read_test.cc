// The readers on text that is not UTF-8 (model/latin1_text.h): a trace
// written in Latin-1 dumps exactly as the same trace written in UTF-8,
// whichever path a line takes (a parser worker, the in-order stage, names
// resolved ahead or not), with one warning per file naming its first such
// line; errors still quote the bytes as written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "model/input_error.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::latin1_read_test {
namespace {

// How a trace spells é and É.
struct Spelling {
  std::string e;
  std::string E;
};
const Spelling kLatin1{"\xE9", "\xC9"};
const Spelling kUtf8{"\xC3\xA9", "\xC3\x89"};

// A user field whose name is not ASCII, on line 6 of these definitions.
std::string Definitions(const Spelling& s) {
  return "%EventDef PajeNewEvent 40\n% Time date\n% Type string\n% Container string\n"
         "% Value string\n% R" +
         s.e + "gion string\n%EndEventDef\n";
}

// Per round, three lines in that spelling and one in UTF-8 whatever it is.
std::string Body(const Spelling& s, int rounds) {
  std::string body = "6 0 c1 T n1 caf" + s.e + "\n";
  for (int i = 1; i <= rounds; ++i) {
    std::string t = std::to_string(i);
    body += "8 " + t + ".0 S c1 " + s.E + "tat" + t + "\n";
    body += "12 " + t + ".5 E t2 \"ann" + s.e + "e " + t + "\"\n";
    body += "40 " + t + ".6 E t1 x Br" + s.e + "sil\n";
    body += "12 " + t + ".7 E t1 d\xC3\xA9j\xC3\xA0\n";
  }
  return body;
}

std::string Trace(const Spelling& s, int rounds) {
  return Header() + Definitions(s) + Body(s, rounds);
}

uint64_t LineCount(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

struct Read {
  DumpOutcome dump;
  std::vector<std::string> warnings;
};

Read DumpWith(const std::string& trace, DumpPipelineOptions options,
              Names names = Names::kResolvedAhead) {
  Read read;
  options.user_fields = true;
  ReadCallbacks callbacks{
      .on_warning = [&](const InputError& e) { read.warnings.push_back(e.what()); }};
  read.dump = DumpRaw(trace, options, names, callbacks);
  return read;
}

void ExpectSameAsUtf8(DumpPipelineOptions options, int rounds, Names names) {
  Read latin1 = DumpWith(Trace(kLatin1, rounds), options, names);
  Read utf8 = DumpWith(Trace(kUtf8, rounds), options, names);
  ASSERT_TRUE(latin1.dump.ok) << latin1.dump.error;
  ASSERT_TRUE(utf8.dump.ok) << utf8.dump.error;
  EXPECT_EQ(latin1.dump.lines, utf8.dump.lines);
  EXPECT_EQ(utf8.warnings, std::vector<std::string>{});
  uint64_t field_line = LineCount(Header()) + 6;
  std::string count = std::to_string(1 + 1 + 3 * rounds);  // field, container, rounds
  EXPECT_EQ(latin1.warnings, std::vector<std::string>{ErrorAt(field_line,
                                                              "bytes that are not UTF-8 read as "
                                                              "Latin-1 (first of " +
                                                                  count + " lines)")});
  const std::vector<std::string>& lines = latin1.dump.lines;
  EXPECT_NE(std::find(lines.begin(), lines.end(), "Event, thread1, Ev, 1.600000, x, Br\xC3\xA9sil"),
            lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "State, caf\xC3\xA9, State, 1.000000, 2.000000, 1.000000, 0.000000, "
                      "\xC3\x89tat1"),
            lines.end());
}

// One block: every line is read by the in-order stage (the definitions are
// in the block itself).
TEST(Latin1Read, PajeInOneBlockDumpsAsUtf8) { ExpectSameAsUtf8({}, 3, Names::kResolvedAhead); }

// Small blocks on three workers: most lines are read by the workers.
TEST(Latin1Read, PajeOnParserWorkersDumpsAsUtf8) {
  DumpPipelineOptions options;
  options.read.blocks = {.block_size = 512, .first_block_size = 512};
  options.read.parse_workers = 3;
  ExpectSameAsUtf8(options, 200, Names::kResolvedAhead);
  ExpectSameAsUtf8(options, 200, Names::kResolvedInOrder);
}

TEST(Latin1Read, AnAsciiOrUtf8TraceIsNotWarnedAbout) {
  Read read = DumpWith(Header() + "12 1 E t1 d\xC3\xA9j\xC3\xA0\n12 2 E t1 plain\n", {});
  ASSERT_TRUE(read.dump.ok) << read.dump.error;
  EXPECT_EQ(read.warnings, std::vector<std::string>{});
}

// A line refused as it was read is quoted as written, the bytes escaped.
TEST(Latin1Read, ErrorsQuoteTheBytesAsWritten) {
  Read read = DumpWith(Header() + "12 1 E t1 caf\xE9\n12 2.x\xE9 E t1 b\n", {});
  EXPECT_FALSE(read.dump.ok);
  EXPECT_EQ(read.dump.error, ErrorAt(BodyLine(2), "invalid time '2.x\\xe9'"));
  EXPECT_EQ(read.warnings, std::vector<std::string>{});  // a failed read says only why
}

// The same Paraver trace in both spellings: labels (.pcf), names (.row),
// the header's date and the communicator lines.
struct ParaverTrace {
  std::string prv, pcf, row;
};

ParaverTrace Paraver(const Spelling& s) {
  return {.prv = "#Paraver (09/10/2019 " + s.e +
                 " 16:08):2000_ns:1(2):1:2(1:1,1:1),1\n"
                 "c:1:1:2:1:2 " +
                 s.e +
                 "\n"
                 "1:1:1:1:1:0:1000:1\n"
                 "2:2:1:2:1:500:50000001:2\n",
          .pcf = "STATES\n1 Ex" + s.e +
                 "cution\n\nEVENT_TYPE\n9 50000001 Appels MPI\nVALUES\n"
                 "2 R" +
                 s.e + "ception\n",
          .row = "LEVEL THREAD SIZE 2\nfil " + s.e + "crivain\nfil principal\n"};
}

TEST(Latin1Read, ParaverLabelsNamesAndHeaderDumpAsUtf8) {
  std::vector<std::string> warnings;
  ReadCallbacks callbacks{.on_warning = [&](const InputError& e) { warnings.push_back(e.what()); }};
  ParaverTrace latin1 = Paraver(kLatin1);
  std::string prv = WriteParaverTrace("latin1", latin1.prv, latin1.pcf, latin1.row);
  DumpOutcome read = DumpParaverFile(prv, {}, callbacks);
  ParaverTrace utf8 = Paraver(kUtf8);
  DumpOutcome expected =
      DumpParaverFile(WriteParaverTrace("utf8", utf8.prv, utf8.pcf, utf8.row), {});
  ASSERT_TRUE(read.ok) << read.error;
  ASSERT_TRUE(expected.ok) << expected.error;
  EXPECT_EQ(read.lines, expected.lines);
  EXPECT_NE(std::find(read.lines.begin(), read.lines.end(),
                      "State, fil \xC3\xA9"
                      "crivain, State, 0.000000, 0.000001, 0.000001, "
                      "0.000000, Ex\xC3\xA9"
                      "cution, 1"),
            read.lines.end())
      << ::testing::PrintToString(read.lines);
  auto path = [&](const char* extension) {
    return std::filesystem::path(prv).replace_extension(extension).string();
  };
  EXPECT_EQ(warnings,
            (std::vector<std::string>{
                path(".pcf") + ":2: bytes that are not UTF-8 read as Latin-1 (first of 2 lines)",
                path(".row") + ":2: bytes that are not UTF-8 read as Latin-1 (the only such line)",
                prv + ":1: bytes that are not UTF-8 read as Latin-1 (first of 2 lines)"}));
}

}  // namespace
}  // namespace tracedb::testing::latin1_read_test

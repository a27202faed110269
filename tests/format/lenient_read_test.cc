// --on-error skip through the readers (model/bad_lines.h): a trace with bad
// lines of every kind dumps exactly as the same trace without them, the
// skipped lines are reported once each in file order, even when parser
// workers find them in parallel blocks, and --max-errors ends the read.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "format/paje/paje_format.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::lenient_read_test {
namespace {

struct BadLine {
  std::string text;
  std::string problem;
};

// Good lines, each bad line placed after the good line of the same index
// (the simulator's errors need what the good lines before them built).
const std::vector<std::string> kGood = {
    "8 1.0 S t1 A",         "12 3.0 E t1 y",     "16 3.0 L 0 m t1 k1",
    "17 4.0 L 0 m t2 k1",   "13 4.5 V t2 2",     "9 5.0 S t1 B",
};
const std::vector<std::vector<BadLine>> kBadAfter = {
    {{"8 x.0 S t1 B", "invalid time 'x.0'"},
     {"99 1.5 S t1 A", "event id '99' is not defined"},
     {"12 2.0 E t2", "event '12' (PajeNewEvent) has 4 field(s) but the line has 3"},
     {"12 2.0 E nosuch x", "unknown container 'nosuch'"},
     // Refused, it must not make a state track for thread2.
     {"10 2.5 S t2", "PopState with no open state of type 'State' in container 'thread2'"}},
    {{"12 2.9 E t1 z",
      "not time-ordered: time 2.9 is before the last entity of type 'Ev' in container 'thread1'"}},
    // Refused, it must neither drop the pending start nor make value 'other'.
    {{"17 3.5 L 0 other t2 k1",
      "EndLink value 'other' differs from the value 'm' of the other half with key 'k1'"}},
    {{"13 4.0 V t1 abc", "invalid number 'abc' for a variable"},
     {"14 4.0 V t2 1",
      "AddVariable before any SetVariable of type 'Var' in container 'thread2'"}},
    // A crashed tracer's zero-filled block, in the middle of a line.
    {{std::string("12 4.7 E t1 ") + std::string(64, '\0') + "x",
      "NUL byte at column 13 (a zero-filled block, as a crashed tracer leaves?)"}},
    {},
};

// The body with or without its bad lines; *errors gets what skipping says.
std::string Body(bool with_bad, std::vector<std::string>* errors = nullptr) {
  std::string body;
  int line = 0;
  for (size_t i = 0; i < kGood.size(); ++i) {
    body += kGood[i] + "\n";
    ++line;
    if (!with_bad) continue;
    for (const BadLine& bad : kBadAfter[i]) {
      body += bad.text + "\n";
      ++line;
      if (errors) errors->push_back(ErrorAt(BodyLine(line), bad.problem));
    }
  }
  return body;
}

// Options that skip up to `max` lines.
DumpPipelineOptions Skipping(uint64_t max = kNoSkipLimit) {
  DumpPipelineOptions options;
  options.read.bad_lines = {.on_error = OnError::kSkip, .max_skipped = max};
  return options;
}

// Callbacks that keep what was said of skipped lines, in order.
ReadCallbacks Keeping(std::vector<std::string>* said) {
  return {.on_skip = [said](const InputError& e) { said->push_back(e.what()); }};
}

TEST(LenientPaje, SkippedLinesLeaveExactlyTheDumpOfTheGoodLines) {
  std::vector<std::string> expected_errors;
  std::string bad = Body(true, &expected_errors);
  DumpOutcome good = Dump(Body(false));
  ASSERT_TRUE(good.ok) << good.error;
  std::vector<std::string> said;
  DumpOutcome lenient = Dump(bad, Skipping(), Keeping(&said));
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, good.lines);
  EXPECT_EQ(said, expected_errors);
  ASSERT_EQ(expected_errors.size(), 10u);
}

TEST(LenientPaje, TheDumpReportsTheCountAndTheFirstTen) {
  std::string body = Body(false);
  for (int i = 0; i < 12; ++i) body += "12 6.0 E t1 bad" + std::to_string(i) + " extra\n";
  InputFile input(WriteTempFile("trace.paje", Header() + body));
  std::FILE* out = std::fopen("/dev/null", "w");
  DumpPipelineOptions options;
  options.read.bad_lines.on_error = OnError::kSkip;
  ReadResult stats = DumpTrace(input, paje::kPajeFormat, {}, options, {}, out);
  std::fclose(out);
  EXPECT_EQ(stats.skipped.count, 12u);
  ASSERT_EQ(stats.skipped.first.size(), 10u);
  EXPECT_EQ(stats.skipped.first[9],
            ErrorAt(BodyLine(16), "event '12' (PajeNewEvent) has 4 field(s) but the line has 5"));
}

TEST(LenientPaje, StrictModeStopsAtTheFirstBadLine) {
  DumpOutcome strict = Dump(Body(true));
  EXPECT_FALSE(strict.ok);
  EXPECT_EQ(strict.error, ErrorAt(BodyLine(2), "invalid time 'x.0'"));
}

TEST(LenientPaje, OneBadLineMoreThanMaxErrorsFailsNamingIt) {
  std::vector<std::string> said;
  DumpOutcome out = Dump(Body(true), Skipping(3), Keeping(&said));
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(said.size(), 3u);
  EXPECT_EQ(out.error, ErrorAt(BodyLine(5), "too many bad lines (more than --max-errors 3); the "
                                            "last: unknown container 'nosuch'"));
  std::vector<std::string> none;
  DumpOutcome zero = Dump(Body(true), Skipping(0), Keeping(&none));
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(zero.error, ErrorAt(BodyLine(2), "too many bad lines (more than --max-errors 0); the "
                                             "last: invalid time 'x.0'"));
}

// A bad header line changes every line after it: not skippable.
TEST(LenientPaje, ABadHeaderLineStillFails) {
  std::vector<std::string> said;
  DumpOutcome out = Dump("% Nonsense date\n8 1.0 S t1 A\n", Skipping(), Keeping(&said));
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.error, ErrorAt(BodyLine(1), "field definition outside of an %EventDef block"));
}

// The link's start was fine; the line to skip does not exist: -z drops it.
TEST(LenientPaje, AnIncompleteLinkStillFailsUnlessDropped) {
  std::vector<std::string> said;
  std::string body = "16 1.0 L 0 m t1 k9\n7 2.0 T t1\n";
  DumpOutcome out = Dump(body, Skipping(), Keeping(&said));
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.error.rfind(ErrorAt(BodyLine(1), "incomplete link of type 'Link'"), 0), 0u)
      << out.error;
  DumpPipelineOptions dropping = Skipping();
  dropping.read.simulator.ignore_incomplete_links = true;
  EXPECT_TRUE(Dump(body, dropping, Keeping(&said)).ok);
  EXPECT_TRUE(said.empty());
}

// Small blocks on three workers: bad lines found in parallel, several
// blocks in, are said once each and in file order, and the deferred lines
// of the first blocks (ids defined late) still work.
TEST(LenientPaje, BadLinesInParallelBlocksAreSaidOnceInOrder) {
  std::string good_body;
  std::string bad_body;
  std::vector<std::string> expected;
  int line = 0;
  for (int i = 1; i <= 4000; ++i) {
    std::string event = "12 " + std::to_string(i) + " E t" + std::to_string(1 + i % 2) + " v\n";
    good_body += event;
    bad_body += event;
    ++line;
    if (i % 997 == 0) {
      bad_body += "12 " + std::to_string(i) + ".5x E t1 v\n";
      expected.push_back(ErrorAt(BodyLine(++line), "invalid time '" + std::to_string(i) + ".5x'"));
      bad_body += "12 " + std::to_string(i) + " E nosuch v\n";
      expected.push_back(ErrorAt(BodyLine(++line), "unknown container 'nosuch'"));
    }
  }
  ASSERT_EQ(expected.size(), 8u);
  DumpPipelineOptions serial;
  DumpOutcome good = Dump(good_body, serial);
  ASSERT_TRUE(good.ok) << good.error;
  std::vector<std::string> said;
  DumpPipelineOptions parallel = Skipping();
  parallel.read.blocks = {.block_size = 2048, .first_block_size = 512};
  parallel.read.parse_workers = 3;
  DumpOutcome lenient = Dump(bad_body, parallel, Keeping(&said));
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, good.lines);
  EXPECT_EQ(said, expected);
}

// --- Paraver ----------------------------------------------------------------

const char* kPrvHeader = "#Paraver (01/02/2020 at 10:00):1000_us:1(2):1:2(1:1,1:1)\n";

const std::vector<std::string> kPrvGood = {
    "1:1:1:1:1:0:400:1", "2:1:1:1:1:300:7:2", "3:1:1:1:1:200:210:2:1:2:1:190:250:64:5",
    "1:2:1:2:1:100:-1:7"};
const std::vector<std::vector<BadLine>> kPrvBadAfter = {
    {{"1:1:1:1:1:0:4x0:1", "END is not an integer: '4x0'"},
     {"9:1:1:1:1:0", "unknown record type '9'"}},
    {{"1:1:1:1:1:0:400", "state record needs 8 fields, found 7"},
     {"2:1:1:3:1:300:7:2", "thread 1.3.1 is not in the header"}},
    {{"2:1:1:1:1:300:7:2:8", "event record has a TYPE without a VALUE (odd number of "
                             "type:value fields)"}},
    {},
};

std::string PrvBody(bool with_bad, std::vector<std::string>* errors = nullptr) {
  std::string body;
  uint64_t line = 1;  // the header
  for (size_t i = 0; i < kPrvGood.size(); ++i) {
    body += kPrvGood[i] + "\n";
    ++line;
    if (!with_bad) continue;
    for (const BadLine& bad : kPrvBadAfter[i]) {
      body += bad.text + "\n";
      if (errors) errors->push_back(ParaverErrorAt(++line, bad.problem));
    }
  }
  return body;
}

ReadOptions PrvSkipping() { return {.bad_lines = {.on_error = OnError::kSkip}}; }

TEST(LenientParaver, SkippedLinesLeaveExactlyTheDumpOfTheGoodLines) {
  std::vector<std::string> expected;
  DumpOutcome good = DumpParaver(kPrvHeader + PrvBody(false));
  ASSERT_TRUE(good.ok) << good.error;
  std::string path = WriteParaverTrace("trace", kPrvHeader + PrvBody(true, &expected));
  std::vector<std::string> said;
  DumpOutcome lenient = DumpParaverFile(path, PrvSkipping(), Keeping(&said));
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, good.lines);
  EXPECT_EQ(said, expected);
  DumpOutcome strict = DumpParaverFile(path);
  EXPECT_EQ(strict.error, expected.front());
}

TEST(LenientParaver, ABrokenHeaderStillFails) {
  std::vector<std::string> said;
  std::string path = WriteParaverTrace("trace", "#Paraver (x):1000_us:1(2)\n" + PrvBody(false));
  DumpOutcome out = DumpParaverFile(path, PrvSkipping(), Keeping(&said));
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.error.rfind(ParaverErrorAt(1, ""), 0), 0u) << out.error;
  EXPECT_TRUE(said.empty());
}

// Ingest stores exact seconds: a time too large for them is the line's
// fault, and skipping it must leave the end of the trace as it was.
TEST(LenientParaver, ATimeTooLargeForSecondsIsSkippedWithoutMovingTheEnd) {
  std::vector<std::string> said;
  std::string huge = "2:1:1:1:1:9007199254740993:7:2\n";
  std::string path = WriteParaverTrace("trace", kPrvHeader + PrvBody(false) + huge);
  ReadOptions exact = PrvSkipping();
  exact.exact_seconds = true;
  DumpOutcome lenient = DumpParaverFile(path, exact, Keeping(&said));
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, DumpParaver(kPrvHeader + PrvBody(false)).lines);
  EXPECT_EQ(said, std::vector<std::string>{ParaverErrorAt(
                      6, "time 9007199254740993 is too large to store exactly in seconds (the "
                         "limit is 2^51 - 1 ticks)")});
}

TEST(LenientParaver, BadLinesInParallelBlocksAreSaidOnceInOrder) {
  std::string good = kPrvHeader;
  std::string bad = kPrvHeader;
  std::vector<std::string> expected;
  uint64_t line = 1;
  for (int i = 0; i < 3000; ++i) {
    std::string record = "2:1:1:" + std::to_string(1 + i % 2) + ":1:" + std::to_string(i) +
                         ":7:" + std::to_string(i % 5) + "\n";
    good += record;
    bad += record;
    ++line;
    if (i % 701 == 700) {
      bad += "2:1:1:1:1:" + std::to_string(i) + ":7\n";
      expected.push_back(ParaverErrorAt(
          ++line, "event record needs TIME and at least one TYPE:VALUE pair, found 7 fields"));
    }
  }
  ASSERT_EQ(expected.size(), 4u);
  DumpOutcome serial = DumpParaver(good);
  ASSERT_TRUE(serial.ok) << serial.error;
  std::vector<std::string> said;
  ReadOptions parallel = PrvSkipping();
  parallel.blocks = {.block_size = 1024, .first_block_size = 256};
  parallel.parse_workers = 3;
  DumpOutcome lenient = DumpParaverFile(WriteParaverTrace("trace", bad), parallel, Keeping(&said));
  ASSERT_TRUE(lenient.ok) << lenient.error;
  EXPECT_EQ(lenient.lines, serial.lines);
  EXPECT_EQ(said, expected);
}

}  // namespace
}  // namespace tracedb::testing::lenient_read_test

// The sharded simulation (sim/sharded_simulator.h): the same bytes in the
// same order as one thread, with the blocks' events read in place or copied
// (lines the parsers deferred), user fields, container ends and text
// workers; and what the sequencer must not decide alone: the first error in
// file order, skipped lines in file order (a worker's, the parser's and the
// sequencer's interleaved), a value made on the fly only for an accepted
// event, and a DestroyContainer judged by the events its worker accepted.
//
// Every test that dumps through DumpRaw (test_support.h) also compares the
// sharded simulation with one thread's; these build the cases that need
// many events in flight.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "format/paje/paje_format.h"
#include "format/paje/simulate_paje.h"
#include "input/input_file.h"
#include "model/input_error.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"
#include "support/test_support.h"

namespace tracedb::testing::sharded_simulator_test {
namespace {

struct Printed {
  std::string out;
  std::string error;  // empty when the dump succeeded
  std::vector<std::string> skipped;
};

// Dumps `path` through the dump pipeline with `workers` simulation workers.
Printed DumpWith(const std::string& path, DumpPipelineOptions options, int workers) {
  Printed printed;
  options.read.simulator.workers = workers;
  options.read.bad_lines.on_skip = [&](const InputError& e) {
    printed.skipped.push_back(e.what());
  };
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  try {
    InputFile input(path);
    DumpTrace(input, paje::kPajeFormat, {}, options, out);
  } catch (const InputError& e) {
    printed.error = e.what();
  }
  std::fclose(out);
  printed.out.assign(buffer, size);
  std::free(buffer);
  return printed;
}

void ExpectSameAsOneThread(const std::string& path, DumpPipelineOptions options) {
  Printed one = DumpWith(path, options, 0);
  for (int workers : {1, 2, 5}) {
    Printed sharded = DumpWith(path, options, workers);
    EXPECT_EQ(sharded.error, one.error) << workers;
    EXPECT_EQ(sharded.skipped, one.skipped) << workers;
    EXPECT_TRUE(sharded.out == one.out)
        << workers << " workers: " << sharded.out.size() << " bytes, not " << one.out.size();
  }
}

// 10,000 states, links and variables on both threads, all accepted: enough
// to keep several epochs in flight before what follows them.
std::string ManyGoodLines() {
  std::string body;
  for (int i = 0; i < 10'000; ++i) {
    std::string t = std::to_string(i);
    std::string thread = i % 2 == 0 ? "t1" : "t2";
    body += "9 " + t + " S " + thread + " A\n10 " + t + ".5 S " + thread + "\n";
    body += "16 " + t + " L 0 m t1 k" + t + "\n17 " + t + ".25 L 0 m t2 k" + t + "\n";
    body += "13 " + t + ".1 V " + thread + " " + t + "\n";
  }
  return body;
}

TEST(ShardedSimulation, AGeneratedTraceGivesTheSameBytes) {
  std::string path = WriteTempFile("sharded.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 3M --seed 6 --churn 50 " + path)
                            .c_str()),
            0);
  // Blocks of 64 KiB on three parsers: most events are read in place.
  DumpPipelineOptions options{.read = {.blocks = {.block_size = 65536, .first_block_size = 65536},
                                       .parse_workers = 3}};
  ExpectSameAsOneThread(path, options);
  options.user_fields = true;
  options.format_workers = 1;  // as --threads 8 runs it
  ExpectSameAsOneThread(path, options);
}

// Every line read by the in-order stage: every message carries a copy.
TEST(ShardedSimulation, CopiedEventsGiveTheSameBytes) {
  std::string path = WriteTempFile("copied.paje", Header() + ManyGoodLines());
  ExpectSameAsOneThread(path, DumpPipelineOptions{.user_fields = true});
}

// A worker refuses line k while the sequencer, far ahead, refuses line k + 1.
TEST(ShardedSimulation, TheFirstErrorInFileOrderIsTheOneReported) {
  std::string body = ManyGoodLines() + "10 20000 S t1\n12 20001 E nosuch x\n";
  std::string path = WriteTempFile("first.paje", Header() + body);
  DumpPipelineOptions options{.read = {.parse_workers = 2}};
  for (int workers : {0, 3}) {
    Printed printed = DumpWith(path, options, workers);
    EXPECT_EQ(printed.error, path + ":" + std::to_string(BodyLine(50'001)) +
                                 ": PopState with no open state of type 'State' in container "
                                 "'thread1'")
        << workers;
  }
}

TEST(ShardedSimulation, SkippedLinesComeInFileOrder) {
  std::string body = ManyGoodLines() +
                     "10 20000 S t1\n"          // the worker's: no open state
                     "8 x S t1 A\n"             // the parser's: a bad time
                     "12 20001 E nosuch x\n"    // the sequencer's: no such container
                     "16 20002 L 0 m t1 k5\n";  // the worker's: a key used already
  std::string path = WriteTempFile("skipped.paje", Header() + body);
  DumpPipelineOptions options{.read = {.parse_workers = 2,
                                       .bad_lines = {.on_error = OnError::kSkip}}};
  Printed one = DumpWith(path, options, 0);
  auto at = [&](int k, const std::string& problem) {
    return path + ":" + std::to_string(BodyLine(50'000 + k)) + ": " + problem;
  };
  EXPECT_EQ(one.skipped,
            (std::vector<std::string>{
                at(1, "PopState with no open state of type 'State' in container 'thread1'"),
                at(2, "invalid time 'x'"), at(3, "unknown container 'nosuch'"),
                at(4, "link key 'k5' of type 'Link' was already used by a completed link")}));
  ExpectSameAsOneThread(path, options);
}

// A value the trace never defined is made when an event first uses it, and
// only if that event is accepted: a refused one must not make it.
TEST(ShardedSimulation, AValueIsMadeOnTheFlyOnlyForAnAcceptedEvent) {
  std::string body = "9 2.0 S t1 A\n9 1.0 S t1 Refused\n9 3.0 S t1 Made\n";
  std::string path = WriteTempFile("values.paje", Header() + body);
  std::vector<std::string> names[2];
  for (int workers : {0, 3}) {
    Registry registry;
    paje::SimulateOptions options{.read = {.bad_lines = {.on_error = OnError::kSkip}}};
    options.read.simulator.workers = workers;
    InputFile input(path);
    std::FILE* out = std::fopen("/dev/null", "w");
    DumpWriter sink(registry, out, DumpOptions{});
    ReadResult result = paje::SimulatePajeTrace(input, options, &registry, &sink);
    sink.Flush();
    std::fclose(out);
    EXPECT_EQ(result.skipped.count, 1u);
    for (uint32_t id = 0; id < registry.value_count(); ++id) {
      names[workers > 0].push_back(registry.value(id).name);
    }
  }
  EXPECT_EQ(names[0], (std::vector<std::string>{"A", "Made"}));
  EXPECT_EQ(names[1], names[0]);
}

// The sequencer would take the refused PopState at 9 for thread1's last
// event; its worker knows the last accepted one was at 3, before the
// DestroyContainer at 4.
TEST(ShardedSimulation, ADestroyIsJudgedByTheEventsItsWorkerAccepted) {
  std::string body = ManyGoodLines() + "12 30003 E t1 a\n10 30009 S t1\n7 30004 T t1\n";
  std::string path = WriteTempFile("destroy.paje", Header() + body);
  DumpPipelineOptions options{.read = {.parse_workers = 2,
                                       .bad_lines = {.on_error = OnError::kSkip}}};
  Printed one = DumpWith(path, options, 0);
  EXPECT_EQ(one.error, "");
  EXPECT_EQ(one.skipped, (std::vector<std::string>{
                             path + ":" + std::to_string(BodyLine(50'002)) +
                             ": PopState with no open state of type 'State' in container "
                             "'thread1'"}));
  EXPECT_NE(one.out.find("Container, node1, Thread, 0, 30004, 30004, thread1\n"),
            std::string::npos);
  ExpectSameAsOneThread(path, options);
}

// A link whose end never came fails the trace where its container ends,
// after every row the one-thread simulation printed before it.
TEST(ShardedSimulation, AnIncompleteLinkFailsAsOnOneThread) {
  std::string body = ManyGoodLines() + "16 30000 L 0 m t1 never\n";
  std::string path = WriteTempFile("incomplete.paje", Header() + body);
  DumpPipelineOptions options{.read = {.parse_workers = 2}};
  Printed one = DumpWith(path, options, 0);
  EXPECT_EQ(one.error, path + ":" + std::to_string(BodyLine(50'001)) +
                           ": incomplete link of type 'Link' with key 'never' in container '0': "
                           "its end never came (use --ignore-incomplete-links to drop such "
                           "links)");
  ExpectSameAsOneThread(path, options);
}

}  // namespace
}  // namespace tracedb::testing::sharded_simulator_test

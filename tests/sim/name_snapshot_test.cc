// Names resolved by the parser workers from registry snapshots must give
// exactly what the simulator's own lookups give, errors included.
#include "sim/name_snapshot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/test_support.h"

namespace tracedb::testing::name_snapshot_test {
namespace {

DumpOutcome DumpFile(const std::string& path, bool pre_resolve, size_t block, int workers) {
  std::string trace;
  {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    trace = s.str();
  }
  return DumpRaw(trace,
                 {.user_fields = true,
                  .read = {.blocks = {.block_size = block, .first_block_size = block},
                           .parse_workers = workers}},
                 pre_resolve ? Names::kResolvedAhead : Names::kResolvedInOrder);
}

TEST(NameResolver, ResolvedAheadEqualsResolvedInOrderOnAChurningTrace) {
  // Containers come and go every 20 lines, so snapshots lag behind the
  // registry all the time.
  std::string path = WriteTempFile("churn.paje", "");
  std::string gen = std::string(TRACEDB_GEN) + " --size 600K --churn 20 --containers 40 " + path;
  ASSERT_EQ(std::system(gen.c_str()), 0);
  DumpOutcome plain = DumpFile(path, false, 1 << 20, 0);
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_GT(plain.lines.size(), 5000u);
  for (size_t block : {4096, 65536}) {
    for (int workers : {0, 2}) {
      DumpOutcome resolved = DumpFile(path, true, block, workers);
      ASSERT_TRUE(resolved.ok) << resolved.error;
      EXPECT_EQ(resolved.lines, plain.lines) << "block " << block << ", workers " << workers;
    }
  }
}

// Past 4,096 containers the simulator asks for each event's container state
// ahead (Simulator::Prefetch, with names resolved ahead): a hint that must
// change nothing, while containers come and go.
TEST(NameResolver, ManyContainersGiveTheSameOutputWhenTheSimulatorAsksAhead) {
  std::string path = WriteTempFile("many.paje", "");
  std::string gen =
      std::string(TRACEDB_GEN) + " --size 3M --churn 50 --containers 5000 --seed 7 " + path;
  ASSERT_EQ(std::system(gen.c_str()), 0);
  DumpOutcome plain = DumpFile(path, false, 1 << 20, 0);
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_GT(plain.lines.size(), 20000u);
  size_t containers = std::count_if(plain.lines.begin(), plain.lines.end(),
                                    [](const auto& l) { return l.rfind("Container,", 0) == 0; });
  ASSERT_GT(containers, 5000u);
  DumpOutcome ahead = DumpFile(path, true, 65536, 2);
  ASSERT_TRUE(ahead.ok) << ahead.error;
  EXPECT_EQ(ahead.lines, plain.lines);
}

// A state type of more than 65,536 values leaves the snapshots (each new
// value would be copied into every one): its values are then looked up by
// the simulator, with the same output, and those of other types still
// ahead.
TEST(NameResolver, ATypeOfManyValuesGivesTheSameOutputOutOfTheSnapshots) {
  std::string body = "1 P T Phase\n";
  for (int i = 0; i < 70000; ++i) {
    std::string time = std::to_string(i);
    body += "8 " + time + " S t1 v" + std::to_string(i) + "\n";
    if (i % 7 == 0) body += "8 " + time + " P t2 p" + std::to_string(i % 3) + "\n";
  }
  std::string path = WriteTempFile("values.paje", Header() + body);
  DumpOutcome plain = DumpFile(path, false, 1 << 20, 0);
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_GT(plain.lines.size(), 80000u);
  DumpOutcome ahead = DumpFile(path, true, 65536, 2);
  ASSERT_TRUE(ahead.ok) << ahead.error;
  EXPECT_EQ(ahead.lines, plain.lines);
}

TEST(NameResolver, ErrorsAreTheSameWhenNamesAreResolvedAhead) {
  std::string body;
  for (int i = 0; i < 300; ++i) body += "12 " + std::to_string(i) + " E t1 x\n";
  body += "7 300 T t1\n";          // t1 destroyed: later events on it are ignored
  body += "12 301 E t1 x\n";
  body += "8 302 E t2 A\n";        // E is an event type, not a state type
  for (bool pre : {false, true}) {
    auto out = DumpRaw(Header() + body,
                       {.read = {.blocks = {.block_size = 256, .first_block_size = 256},
                                 .parse_workers = 2}},
                       pre ? Names::kResolvedAhead : Names::kResolvedInOrder);
    EXPECT_EQ(out.error, ErrorAt(BodyLine(303), "type 'Ev' is an event type, not a state type"))
        << pre;
  }
}

}  // namespace
}  // namespace tracedb::testing::name_snapshot_test

// OTF2 time and containers (../shared/docs/otf2-format.md, "Time",
// "Containers"), on both backends: seconds from ticks exact to the tick with
// an offset past 2^53 and a resolution that is no power of ten; records
// before the offset; time going backwards on a location; the system tree,
// location groups and locations as containers, and their lifetimes, which
// the records tracedb skips bound too.
#include <gtest/gtest.h>

#include <filesystem>

#include "otf2_cli.h"

namespace tracedb::testing::otf2_cli::otf2_time_test {
namespace {

namespace fs = std::filesystem;

class Otf2Time : public Otf2Cli {};

constexpr uint64_t kResolution = 2'400'000'017;
constexpr uint64_t kOffset = 4'161'234'567'890'123'457;

// seconds = (timestamp - offset) / resolution, the difference taken in
// integers: 12345 ticks after the offset are 12345 / 2400000017 s, where
// converting the timestamps to doubles first gives 0.000005120.
TEST_P(Otf2Time, SecondsAreExactToTheTickWithALargeOffset) {
  Otf2Archive archive = World(2);
  archive.resolution = kResolution;
  archive.offset = kOffset;
  archive.regions = {{.id = 0, .name = "main"}};
  archive.records[0] = {Enter(kOffset + 12345, 0), Leave(kOffset + 2'400'000'020, 0)};
  // A record before the offset is at a negative time.
  archive.records[1] = {Enter(kOffset - kResolution, 0), Leave(kOffset + 3 * kResolution, 0)};
  IngestArchive(archive, "clock");
  auto seconds = [](int64_t ticks) { return Seconds(ticks, kResolution); };
  EXPECT_EQ(Stored("state"), Sorted({Thread(0) + "|Region|" + seconds(12345) + "|" +
                                         seconds(2'400'000'020) + "|0|main",
                                     Thread(1) + "|Region|-1.0|3.0|0|main"}));
  // What the test tells apart: the naive conversion lands elsewhere.
  double naive = (static_cast<double>(kOffset + 12345) - static_cast<double>(kOffset)) /
                 static_cast<double>(kResolution);
  EXPECT_NE(static_cast<double>(12345) / static_cast<double>(kResolution), naive);
  EXPECT_EQ(TraceRow(), "clock|otf2|5|2|0|0|0|-1.0|3.0");
}

TEST_P(Otf2Time, ARecordEarlierThanTheOneBeforeOnItsLocationIsAnError) {
  Otf2Archive archive = World(2);
  archive.regions = {{.id = 0, .name = "main"}};
  // Location 1 may be earlier than location 0: locations are independent.
  archive.records[0] = {Enter(100, 0), Leave(200, 0)};
  archive.records[1] = {Enter(10, 0), MpiCollectiveBegin(2500), Leave(2600, 0)};
  std::string anchor = WriteArchive(archive, "backwards");
  RewriteTimestamp(fs::path(anchor).parent_path() / "traces/1.evt", 2600, 2400);
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 1/Thread 0\" (id 1)", "timestamp 2400", "backwards"});
}

// cluster (machine) -> node-a, node-b, node-c (node) -> Rank 0 in node-a
// (Master, Worker), Rank 1 in node-b (Master, and Worker without records),
// Rank 2 in node-c (Idle, without records); an accelerator group outside
// the tree with a stream. 1 tick = 1 us.
Otf2Archive Tree() {
  Otf2Archive archive;
  archive.resolution = 1'000'000;
  archive.nodes = {{.id = 0, .name = "cluster", .class_name = "machine"},
                   {.id = 1, .name = "node-a", .class_name = "node", .parent = 0},
                   {.id = 2, .name = "node-b", .class_name = "node", .parent = 0},
                   {.id = 3, .name = "node-c", .class_name = "node", .parent = 0}};
  archive.location_groups = {
      {.id = 0, .name = "Rank 0", .parent = 1},
      {.id = 1, .name = "Rank 1", .parent = 2},
      {.id = 2, .name = "Rank 2", .parent = 3},
      {.id = 7, .name = "GPU", .type = OTF2_LOCATION_GROUP_TYPE_ACCELERATOR}};
  archive.locations = {
      {.id = 0, .name = "Master", .group = 0},
      {.id = 1, .name = "Worker", .group = 0},
      {.id = 2, .name = "Master", .group = 1},
      {.id = 3, .name = "Worker", .group = 1},
      {.id = 4, .name = "Idle", .group = 2},
      {.id = 9, .name = "Stream 1", .group = 7, .type = OTF2_LOCATION_TYPE_ACCELERATOR_STREAM}};
  archive.regions = {{.id = 0, .name = "main"}, {.id = 1, .name = "work"}};
  archive.records[0] = {Enter(50, 0), Leave(1601, 0)};
  // Skipped records bound the worker: it lives from 100 to 900.
  archive.records[1] = {ThreadTeamBegin(100), Enter(200, 1), Leave(300, 1), ThreadTeamEnd(900)};
  archive.records[2] = {MeasurementOnOff(70), Enter(80, 0), Leave(1500, 0)};
  archive.records[9] = {Enter(10, 1), Leave(20, 1)};
  return archive;
}

// PATH|TYPE|START|END, from microseconds.
std::string Container(const std::string& path, const std::string& type, int64_t start,
                      int64_t end) {
  return path + "|" + type + "|" + Seconds(start, 1'000'000) + "|" + Seconds(end, 1'000'000);
}

TEST_P(Otf2Time, ContainersSpanTheirRecordsOfEveryKind) {
  IngestArchive(Tree(), "tree");
  EXPECT_EQ(
      Stored("container"),
      Sorted(
          {Container("cluster", "machine", 50, 1601), Container("cluster/node-a", "node", 50, 1601),
           Container("cluster/node-a/Rank 0", "process", 50, 1601),
           Container("cluster/node-a/Rank 0/Master", "thread", 50, 1601),
           Container("cluster/node-a/Rank 0/Worker", "thread", 100, 900),
           Container("cluster/node-b", "node", 70, 1500),
           Container("cluster/node-b/Rank 1", "process", 70, 1500),
           Container("cluster/node-b/Rank 1/Master", "thread", 70, 1500),
           Container("cluster/node-b/Rank 1/Worker", "thread", 0, 0),
           Container("cluster/node-c", "node", 0, 0),
           Container("cluster/node-c/Rank 2", "process", 0, 0),
           Container("cluster/node-c/Rank 2/Idle", "thread", 0, 0),
           Container("GPU", "accelerator", 10, 20), Container("GPU/Stream 1", "stream", 10, 20)}));
  EXPECT_EQ(Skipped(), (std::vector<std::string>{"MeasurementOnOff|1", "ThreadTeamBegin|1",
                                                 "ThreadTeamEnd|1"}));
  EXPECT_EQ(TraceRow(),
            "tree|otf2|14|4|0|0|0|" + Seconds(10, 1'000'000) + "|" + Seconds(1601, 1'000'000));
  // Each location type's states are typed under it.
  EXPECT_EQ(database_->Rows("SELECT DISTINCT t.name, p.name FROM type t JOIN type p "
                            "ON p.id = t.parent_id AND p.trace_id = t.trace_id "
                            "WHERE t.name = 'Region' ORDER BY p.name"),
            (std::vector<std::string>{"Region|stream", "Region|thread"}));
}

// A trace of locations without a single record: every container is there,
// living [0, 0].
TEST_P(Otf2Time, AnArchiveWithoutRecordsHasItsContainers) {
  IngestArchive(World(2), "no_records");
  EXPECT_EQ(Stored("container"),
            Sorted({"host|node|0.0|0.0", "host/Process 0|process|0.0|0.0",
                    "host/Process 0/Thread 0|thread|0.0|0.0", "host/Process 1|process|0.0|0.0",
                    "host/Process 1/Thread 0|thread|0.0|0.0"}));
  EXPECT_EQ(TraceRow(), "no_records|otf2|5|0|0|0|0|0.0|0.0");
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Time,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_time_test

// OTF2 Enter and Leave records as states (../shared/docs/otf2-format.md,
// "States: Enter and Leave"), on both backends: one stack per location, a
// Leave closing the innermost open state of its region (not always the
// innermost of all), names and canonical names, zero-length states, states
// open at the end; and the records that are errors. Times in ms (1000 ticks
// per second); every expected row worked out from the records by hand.
#include <gtest/gtest.h>

#include "otf2_cli.h"

namespace tracedb::testing::otf2_cli::otf2_states_test {
namespace {

enum Region : uint32_t { kMain, kF, kG, kH, kTail };

Otf2Archive WithRegions(int processes) {
  Otf2Archive archive = World(processes);
  archive.regions = {{.id = kMain, .name = "main"},
                     {.id = kF, .name = "f"},
                     {.id = kG, .name = "g"},
                     {.id = kH, .name = "h"},
                     {.id = kTail, .name = "tail"}};
  return archive;
}

std::string State(int process, int64_t start, int64_t end, int depth, const std::string& value) {
  return Thread(process) + "|Region|" + Seconds(start) + "|" + Seconds(end) + "|" +
         std::to_string(depth) + "|" + value;
}

class Otf2States : public Otf2Cli {};

// The depth of a state is the number of regions open on its location when
// it was entered, and stays so when a Leave closes a region below it.
TEST_P(Otf2States, NestedRegionsKeepTheirDepthWhenALeaveClosesAnOuterOne) {
  Otf2Archive archive = WithRegions(1);
  archive.records[0] = {Enter(0, kMain), Enter(10, kF),   Enter(20, kF), Leave(30, kF),
                        Enter(40, kG),   Leave(50, kF),   Enter(60, kH), Leave(70, kH),
                        Leave(80, kG),   Leave(90, kMain)};
  IngestArchive(archive, "nested");
  EXPECT_EQ(Stored("state"),
            Sorted({State(0, 0, 90, 0, "main"), State(0, 10, 50, 1, "f"), State(0, 20, 30, 2, "f"),
                    State(0, 40, 80, 2, "g"), State(0, 60, 70, 2, "h")}));
  EXPECT_EQ(Stored("container"), Sorted({"host|node|0.0|0.09", "host/Process 0|process|0.0|0.09",
                                         "host/Process 0/Thread 0|thread|0.0|0.09"}));
  EXPECT_EQ(TraceRow(), "nested|otf2|3|5|0|0|0|0.0|0.09");
}

// The value is the region's name; its canonical name only when the name is
// empty or the undefined string (Score-P's canonical name is the symbol).
TEST_P(Otf2States, ARegionIsNamedByItsCanonicalNameOnlyWhenItsNameIsEmpty) {
  Otf2Archive archive = World(1);
  archive.regions = {{.id = 0, .name = "Name::x(int)", .canonical_name = "_ZN4Name1xEi"},
                     {.id = 1, .name = "", .canonical_name = "anon_canonical"},
                     {.id = 2, .name = std::nullopt, .canonical_name = "undefined_canonical"},
                     {.id = 3, .name = "main", .canonical_name = std::nullopt}};
  archive.records[0] = {Enter(0, 3),  Enter(10, 0), Leave(20, 0), Enter(30, 1),
                        Leave(40, 1), Enter(50, 2), Leave(60, 2), Leave(70, 3)};
  IngestArchive(archive, "names");
  EXPECT_EQ(
      Stored("state"),
      Sorted({State(0, 0, 70, 0, "main"), State(0, 10, 20, 1, "Name::x(int)"),
              State(0, 30, 40, 1, "anon_canonical"), State(0, 50, 60, 1, "undefined_canonical")}));
}

// A state entered and left at one tick is kept; a state still open at the
// end of the trace (the last record of any location) ends there, and so
// does its location, whose own last record came earlier.
TEST_P(Otf2States, ZeroLengthStatesAreKeptAndOpenOnesEndWithTheTrace) {
  Otf2Archive archive = WithRegions(2);
  archive.records[0] = {Enter(10, kMain), Enter(20, kG), Leave(20, kG), Enter(30, kTail)};
  archive.records[1] = {Enter(5, kMain), Leave(200, kMain)};
  IngestArchive(archive, "open_at_end");
  EXPECT_EQ(Stored("state"), Sorted({State(0, 10, 200, 0, "main"), State(0, 20, 20, 1, "g"),
                                     State(0, 30, 200, 1, "tail"), State(1, 5, 200, 0, "main")}));
  EXPECT_EQ(Stored("container"),
            Sorted({"host|node|0.005|0.2", "host/Process 0|process|0.01|0.2",
                    "host/Process 0/Thread 0|thread|0.01|0.2", "host/Process 1|process|0.005|0.2",
                    "host/Process 1/Thread 0|thread|0.005|0.2"}));
  EXPECT_EQ(TraceRow(), "open_at_end|otf2|5|4|0|0|0|0.005|0.2");
}

// Each location has its own stack: the same region open on two locations
// makes two states, each closed by its own location's Leave.
TEST_P(Otf2States, EachLocationHasItsOwnStack) {
  Otf2Archive archive = WithRegions(2);
  archive.records[0] = {Enter(10, kF), Enter(20, kG), Leave(40, kG), Leave(60, kF)};
  archive.records[1] = {Enter(15, kF), Leave(30, kF), Enter(35, kF), Leave(50, kF)};
  IngestArchive(archive, "stacks");
  EXPECT_EQ(Stored("state"), Sorted({State(0, 10, 60, 0, "f"), State(0, 20, 40, 1, "g"),
                                     State(1, 15, 30, 0, "f"), State(1, 35, 50, 0, "f")}));
}

TEST_P(Otf2States, ALeaveOfARegionNotOpenIsAnErrorNamingTheLocationAndTime) {
  Otf2Archive archive = WithRegions(2);
  archive.regions.push_back({.id = 9, .name = "compute"});
  archive.records[0] = {Enter(10, 9), Leave(100, 9)};
  archive.records[1] = {Enter(20, kMain), Leave(50, 9), Leave(60, kMain)};
  std::string anchor = WriteArchive(archive, "unbalanced");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 1/Thread 0\" (id 1)", "timestamp 50", "Leave",
                  "\"compute\"", "not open"});
}

// A region open on another location is not open on this one.
TEST_P(Otf2States, ALeaveOfARegionOpenOnlyOnAnotherLocationIsAnError) {
  Otf2Archive archive = WithRegions(2);
  archive.records[0] = {Enter(10, kF), Leave(100, kF)};
  archive.records[1] = {Leave(40, kF)};
  std::string anchor = WriteArchive(archive, "elsewhere");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 1/Thread 0\" (id 1)", "timestamp 40", "\"f\""});
}

// An Enter of a region the definitions lack is an error naming the record
// ("an undefined region ... is an error naming the location and time").
TEST_P(Otf2States, AnEnterOfAnUndefinedRegionIsAnError) {
  Otf2Archive archive = WithRegions(1);
  archive.records[0] = {Enter(10, kMain), Enter(20, 77), Leave(30, 77), Leave(40, kMain)};
  std::string anchor = WriteArchive(archive, "undefined_region");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 0/Thread 0\" (id 0)", "timestamp 20", "77"});
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2States,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_states_test

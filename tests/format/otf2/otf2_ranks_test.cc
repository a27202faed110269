// The ranks of OTF2 point-to-point records, translated through their
// communicator to locations (../shared/docs/otf2-format.md, "Ranks"), on
// both backends: a COMM_GROUP's members index the COMM_LOCATIONS group, a
// GLOBAL_MEMBERS group is that group itself, COMM_SELF's rank 0 is the
// recording location; a rank that resolves to nothing is an error, and
// records on an InterComm are skipped. Location ids are sparse (100, 200,
// ...), as a tracer's are, so that a rank read as a location id or a group
// member read as a location id shows.
#include <gtest/gtest.h>

#include "otf2_cli.h"

namespace tracedb::testing::otf2_cli::otf2_ranks_test {
namespace {

enum Comm : uint32_t { kOddReversed = 1, kWorldDup = 2, kSelf = 3, kInter = 4 };

uint64_t Id(int process) { return 100 * static_cast<uint64_t>(process + 1); }

// World(4) with location i as id Id(i), and three more communicators:
// odd_rev (COMM_GROUP [3 1]: rank 0 is Process 3, rank 1 Process 1),
// world_dup (GLOBAL_MEMBERS, no members) and self (COMM_SELF).
Otf2Archive Communicators() {
  Otf2Archive archive = World(4);
  for (Otf2LocationDef& location : archive.locations) location.id = Id(location.group);
  archive.groups[kWorldLocations].members = {Id(0), Id(1), Id(2), Id(3)};
  archive.groups.push_back(
      {.id = 2, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {3, 1}});
  archive.groups.push_back({.id = 3,
                            .name = "",
                            .type = OTF2_GROUP_TYPE_COMM_GROUP,
                            .members = {},
                            .flags = OTF2_GROUP_FLAG_GLOBAL_MEMBERS});
  archive.groups.push_back({.id = 4, .name = "", .type = OTF2_GROUP_TYPE_COMM_SELF});
  archive.comms.push_back({.id = kOddReversed, .name = "odd_rev", .group = 2});
  archive.comms.push_back({.id = kWorldDup, .name = "world_dup", .group = 3});
  archive.comms.push_back({.id = kSelf, .name = "self", .group = 4});
  return archive;
}

std::string Link(int from, int to, int64_t start, int64_t end, const std::string& comm, int size,
                 int tag) {
  return "MPI point-to-point|" + Thread(from) + "|" + Thread(to) + "|" + Seconds(start) + "|" +
         Seconds(end) + "|" + comm + "|" + std::to_string(size) + "|" + std::to_string(tag);
}

class Otf2Ranks : public Otf2Cli {};

TEST_P(Otf2Ranks, RanksAreTranslatedThroughTheCommunicatorsGroup) {
  Otf2Archive archive = Communicators();
  // world: rank 2 is Process 2, rank 0 Process 0.
  archive.records[Id(0)] = {MpiSend(10, 2, kWorld, 1, 64)};
  archive.records[Id(2)] = {MpiRecv(20, 0, kWorld, 1, 0), MpiSend(70, 0, kSelf, 4, 8),
                            MpiRecv(80, 0, kSelf, 4, 8)};
  // odd_rev: rank 1 is member 1, Process 1; rank 0 is member 3, Process 3.
  archive.records[Id(3)] = {MpiSend(30, 1, kOddReversed, 2, 128),
                            MpiRecv(60, 1, kWorldDup, 3, 256)};
  // world_dup: rank r is Process r.
  archive.records[Id(1)] = {MpiRecv(40, 0, kOddReversed, 2, 128),
                            MpiSend(50, 3, kWorldDup, 3, 256)};
  IngestArchive(archive, "ranks");
  EXPECT_EQ(
      Stored("link"),
      Sorted({Link(0, 2, 10, 20, "MPI_COMM_WORLD", 64, 1), Link(3, 1, 30, 40, "odd_rev", 128, 2),
              Link(1, 3, 50, 60, "world_dup", 256, 3), Link(2, 2, 70, 80, "self", 8, 4)}));
  // Links belong to the root container.
  EXPECT_EQ(database_->Rows("SELECT DISTINCT coalesce(container_path, 'NULL') FROM link_view"),
            std::vector<std::string>{"NULL"});
  EXPECT_EQ(TraceRow(), "ranks|otf2|9|0|0|0|4|0.01|0.08");
}

// A rank past the end of its communicator's group resolves to no location:
// an error naming the record's location and time.
TEST_P(Otf2Ranks, ARankOutOfItsCommunicatorIsAnError) {
  Otf2Archive archive = Communicators();
  archive.records[Id(0)] = {MpiSend(10, 2, kWorld, 1, 64), MpiSend(20, 2, kOddReversed, 1, 8)};
  archive.records[Id(2)] = {MpiRecv(15, 0, kWorld, 1, 64)};
  std::string anchor = WriteArchive(archive, "rank_out_of_range");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 0/Thread 0\" (id 100)", "timestamp 20", "rank 2"});
}

TEST_P(Otf2Ranks, ARankPastTheGlobalMembersIsAnError) {
  Otf2Archive archive = Communicators();
  archive.records[Id(1)] = {MpiRecv(30, 4, kWorldDup, 1, 64)};
  std::string anchor = WriteArchive(archive, "global_out_of_range");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 1/Thread 0\" (id 200)", "timestamp 30", "rank 4"});
}

TEST_P(Otf2Ranks, ARankOtherThanZeroOfCommSelfIsAnError) {
  Otf2Archive archive = Communicators();
  archive.records[Id(3)] = {MpiSend(40, 1, kSelf, 1, 64)};
  std::string anchor = WriteArchive(archive, "self_out_of_range");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 3/Thread 0\" (id 400)", "timestamp 40", "rank 1"});
}

TEST_P(Otf2Ranks, AMessageOnAnUndefinedCommunicatorIsAnError) {
  Otf2Archive archive = Communicators();
  archive.records[Id(2)] = {MpiRecv(50, 0, 42, 1, 64)};
  std::string anchor = WriteArchive(archive, "undefined_comm");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 2/Thread 0\" (id 300)", "timestamp 50", "42"});
}

// Both halves of a message on an InterComm are skipped (and counted), so
// neither is left without a partner; they still bound their locations.
TEST_P(Otf2Ranks, MessagesOnAnInterCommAreSkipped) {
  Otf2Archive archive = Communicators();
  archive.groups.push_back(
      {.id = 5, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {0}});
  archive.groups.push_back(
      {.id = 6, .name = "", .type = OTF2_GROUP_TYPE_COMM_GROUP, .members = {1}});
  archive.comms.push_back({.id = kInter, .name = "inter", .group = 5, .group_b = 6});
  archive.records[Id(0)] = {MpiSend(10, 0, kInter, 1, 8), MpiSend(20, 1, kWorld, 2, 16)};
  archive.records[Id(1)] = {MpiRecv(30, 0, kInter, 1, 8), MpiRecv(40, 0, kWorld, 2, 16)};
  IngestArchive(archive, "inter");
  EXPECT_EQ(Stored("link"), std::vector<std::string>{Link(0, 1, 20, 40, "MPI_COMM_WORLD", 16, 2)});
  EXPECT_EQ(Skipped(), (std::vector<std::string>{"MpiRecv|1", "MpiSend|1"}));
  EXPECT_EQ(Stored("container"),
            Sorted({"host|node|0.01|0.04", "host/Process 0|process|0.01|0.02",
                    "host/Process 0/Thread 0|thread|0.01|0.02", "host/Process 1|process|0.03|0.04",
                    "host/Process 1/Thread 0|thread|0.03|0.04", "host/Process 2|process|0.0|0.0",
                    "host/Process 2/Thread 0|thread|0.0|0.0", "host/Process 3|process|0.0|0.0",
                    "host/Process 3/Thread 0|thread|0.0|0.0"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Ranks,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_ranks_test

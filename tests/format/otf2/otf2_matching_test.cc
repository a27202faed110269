// OTF2 point-to-point records matched into links (../shared/docs/otf2-format.md,
// "Matching"), on both backends: first in first out per (communicator,
// sender, receiver, tag), in each location's record order, whatever the
// times; blocking and non-blocking records; a cancelled send taken out;
// halves without partner an error, or dropped with -z. The link's size is
// the send's length: the receives here say 0 or another length, so that a
// link sized by its receive shows.
#include <gtest/gtest.h>

#include "otf2_cli.h"

namespace tracedb::testing::otf2_cli::otf2_matching_test {
namespace {

constexpr uint32_t kWorldDup = 1;

// World(2) and world_dup, a second communicator over the same locations
// (GLOBAL_MEMBERS).
Otf2Archive TwoCommunicators() {
  Otf2Archive archive = World(2);
  archive.groups.push_back({.id = 2,
                            .name = "",
                            .type = OTF2_GROUP_TYPE_COMM_GROUP,
                            .members = {},
                            .flags = OTF2_GROUP_FLAG_GLOBAL_MEMBERS});
  archive.comms.push_back({.id = kWorldDup, .name = "world_dup", .group = 2});
  return archive;
}

std::string Link(int from, int to, int64_t start, int64_t end, int size, int tag,
                 const std::string& comm = "MPI_COMM_WORLD") {
  return "MPI point-to-point|" + Thread(from) + "|" + Thread(to) + "|" + Seconds(start) + "|" +
         Seconds(end) + "|" + comm + "|" + std::to_string(size) + "|" + std::to_string(tag);
}

class Otf2Matching : public Otf2Cli {};

// Tag 5 three times, tag 6 once in between: the k-th send of a key goes
// with its k-th receive; tag 6 overtakes, and its receive comes first, in
// time too: the link ends before it starts.
TEST_P(Otf2Matching, SendsAndReceivesPairFirstInFirstOutPerTag) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiSend(10, 1, kWorld, 5, 100), MpiSend(20, 1, kWorld, 5, 200),
                        MpiSend(30, 1, kWorld, 6, 300), MpiSend(40, 1, kWorld, 5, 400)};
  archive.records[1] = {MpiRecv(15, 0, kWorld, 6, 0), MpiRecv(25, 0, kWorld, 5, 0),
                        MpiRecv(35, 0, kWorld, 5, 0), MpiRecv(45, 0, kWorld, 5, 0)};
  IngestArchive(archive, "fifo");
  EXPECT_EQ(Stored("link"), Sorted({Link(0, 1, 10, 25, 100, 5), Link(0, 1, 20, 35, 200, 5),
                                    Link(0, 1, 40, 45, 400, 5), Link(0, 1, 30, 15, 300, 6)}));
}

// A receive that comes first in the file waits for its send, however late.
TEST_P(Otf2Matching, AMessageReceivedBeforeItWasSentIsStoredAsItIs) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiSend(900, 1, kWorld, 1, 32), MpiRecv(950, 1, kWorld, 2, 0)};
  archive.records[1] = {MpiRecv(100, 0, kWorld, 1, 32), MpiSend(200, 0, kWorld, 2, 48)};
  IngestArchive(archive, "early_receive");
  EXPECT_EQ(Stored("link"), Sorted({Link(0, 1, 900, 100, 32, 1), Link(1, 0, 200, 950, 48, 2)}));
}

// The same sender, receiver and tag on two communicators are two keys: the
// receive of world_dup, first, does not take world's send.
TEST_P(Otf2Matching, DifferentCommunicatorsNeverMatch) {
  Otf2Archive archive = TwoCommunicators();
  archive.records[0] = {MpiSend(10, 1, kWorld, 1, 11), MpiSend(20, 1, kWorldDup, 1, 22)};
  archive.records[1] = {MpiRecv(30, 0, kWorldDup, 1, 22), MpiRecv(40, 0, kWorld, 1, 11)};
  IngestArchive(archive, "two_comms");
  EXPECT_EQ(Stored("link"),
            Sorted({Link(0, 1, 10, 40, 11, 1), Link(0, 1, 20, 30, 22, 1, "world_dup")}));
}

// Non-blocking halves: the MpiIsend (its time the link's start) and the
// MpiIrecv, written when the request completes (its time the end); the
// request records around them are skipped.
TEST_P(Otf2Matching, IsendAndIrecvAreMatchedLikeSendAndRecv) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiIsend(10, 1, kWorld, 7, 512, 1), MpiSend(12, 1, kWorld, 7, 64),
                        MpiIsendComplete(15, 1)};
  archive.records[1] = {MpiIrecvRequest(5, 9), MpiIrecv(25, 0, kWorld, 7, 1024, 9),
                        MpiRecv(26, 0, kWorld, 7, 0)};
  IngestArchive(archive, "nonblocking");
  EXPECT_EQ(Stored("link"), Sorted({Link(0, 1, 10, 25, 512, 7), Link(0, 1, 12, 26, 64, 7)}));
  EXPECT_EQ(Skipped(), (std::vector<std::string>{"MpiIrecvRequest|1", "MpiIsendComplete|1"}));
}

// MpiRequestCancelled takes out the latest MpiIsend of its location with
// that request id (ids are reused once a request completes): the first
// Isend of request 4 still arrives, the second never does.
TEST_P(Otf2Matching, ACancelledIsendIsNotMatched) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiIsend(10, 1, kWorld, 3, 10, 4), MpiIsendComplete(11, 4),
                        MpiIsend(12, 1, kWorld, 3, 12, 4), MpiRequestCancelled(13, 4),
                        MpiSend(20, 1, kWorld, 3, 20)};
  archive.records[1] = {MpiRecv(30, 0, kWorld, 3, 0), MpiRecv(40, 0, kWorld, 3, 0)};
  IngestArchive(archive, "cancelled");
  EXPECT_EQ(Stored("link"), Sorted({Link(0, 1, 10, 30, 10, 3), Link(0, 1, 20, 40, 20, 3)}));
  EXPECT_EQ(TraceRow(), "cancelled|otf2|5|0|0|0|2|0.01|0.04");
}

// Unmatched halves: a send of tag 2 at 30 and a receive of tag 9 at 28,
// the earliest, which the error names; -z drops both and keeps the others.
Otf2Archive Unmatched() {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiSend(10, 1, kWorld, 1, 8), MpiSend(20, 1, kWorld, 1, 16),
                        MpiSend(30, 1, kWorld, 2, 32)};
  archive.records[1] = {MpiRecv(15, 0, kWorld, 1, 0), MpiRecv(25, 0, kWorld, 1, 0),
                        MpiRecv(28, 0, kWorld, 9, 0)};
  return archive;
}

TEST_P(Otf2Matching, HalvesWithoutPartnerAreAnErrorNamingTheEarliest) {
  std::string anchor = WriteArchive(Unmatched(), "unmatched");
  ExpectRejected(
      Ingest(anchor), anchor,
      {"location \"host/Process 1/Thread 0\" (id 1)", "timestamp 28", "MpiRecv", "partner"});
}

TEST_P(Otf2Matching, HalvesWithoutPartnerAreDroppedWithZ) {
  IngestArchive(Unmatched(), "unmatched_z", "-z");
  EXPECT_EQ(Stored("link"), Sorted({Link(0, 1, 10, 15, 8, 1), Link(0, 1, 20, 25, 16, 1)}));
  EXPECT_EQ(TraceRow(), "unmatched_z|otf2|5|0|0|0|2|0.01|0.03");
}

// Two halves without partner at one tick: the smaller location id is named.
TEST_P(Otf2Matching, OnATieTheSmallerLocationIsNamed) {
  Otf2Archive archive = World(2);
  archive.records[0] = {MpiSend(30, 1, kWorld, 2, 32)};
  archive.records[1] = {MpiRecv(30, 0, kWorld, 9, 0)};
  std::string anchor = WriteArchive(archive, "tie");
  ExpectRejected(Ingest(anchor), anchor,
                 {"location \"host/Process 0/Thread 0\" (id 0)", "timestamp 30", "MpiSend"});
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Matching,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_matching_test

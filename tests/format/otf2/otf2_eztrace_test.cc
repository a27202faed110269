// Real OTF2 traces: the MPI programs of tests/format/otf2/mpi/, traced at
// test time by EZTrace on 4 ranks (support/eztrace_run.h), ingested by their
// folder on both backends. The stored links must be exactly the messages each
// program sends (sender and receiver ranks, sizes, tags), and every rank must
// have the MPI regions it calls, as many times as it calls them. EZTrace
// names rank r's process P#r and its thread P#rT#0, and writes no completion
// record for a request completed by MPI_Wait* (exchange.c).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "otf2_cli.h"
#include "support/eztrace_run.h"

namespace tracedb::testing::otf2_cli::otf2_eztrace_test {
namespace {

std::string Rank(int rank) { return "P#" + std::to_string(rank) + "T#0"; }

class Otf2Eztrace : public Otf2Cli {
 protected:
  // The archive EZTrace wrote for `program`; the test fails when it cannot.
  std::string Archive(const std::string& program) {
    try {
      return EztraceArchive(program);
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      return "";
    }
  }

  // "SENDER|RECEIVER|COMMUNICATOR|SIZE|TAG" of every link, by thread name.
  std::vector<std::string> Messages() {
    return Sorted(database_->Rows(
        std::string("SELECT start_container, end_container, value, size, tag FROM link_view "
                    "WHERE trace_id = ") +
        kLastTrace));
  }

  // "THREAD|REGION|COUNT" of the MPI regions each rank entered, sorted.
  std::vector<std::string> MpiRegions() {
    return Sorted(database_->Rows(std::string("SELECT container, value, count(*) "
                                              "FROM state_view WHERE trace_id = ") +
                                  kLastTrace + " AND value LIKE 'MPI%' GROUP BY container, value"));
  }
};

// ring.c: round r's hop from rank s to s + 1 carries 64 * (r + 1) + s bytes,
// tag 10 + r; each rank calls MPI_Send and MPI_Recv once a round.
TEST_P(Otf2Eztrace, TheRingsLinksAreExactlyItsMessages) {
  std::string archive = Archive("ring");
  ASSERT_FALSE(archive.empty());
  CliRun run = Ingest(archive);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> messages, regions;
  for (int round = 0; round < 3; ++round) {
    for (int s = 0; s < 4; ++s) {
      messages.push_back(Rank(s) + "|" + Rank((s + 1) % 4) + "|MPI_COMM_WORLD|" +
                         std::to_string(64 * (round + 1) + s) + "|" + std::to_string(10 + round));
    }
  }
  for (int rank = 0; rank < 4; ++rank) {
    regions.push_back(Rank(rank) + "|MPI_Recv|3");
    regions.push_back(Rank(rank) + "|MPI_Send|3");
  }
  EXPECT_EQ(Messages(), Sorted(messages));
  EXPECT_EQ(MpiRegions(), Sorted(regions));
  EXPECT_EQ(database_->Rows(std::string("SELECT name, format, link_count FROM trace WHERE id = ") +
                            kLastTrace),
            std::vector<std::string>{"ring_trace|otf2|12"});
}

// exchange.c: the 16 messages received by MPI_Irecv (2 rounds, 4 ranks,
// tags 1 and 2) have no receive record, so their MpiIsend records are
// without partner: rejected. With -z, the 4 messages of tag 9 remain: even
// rank r to r + 1, 16 then 17 bytes.
TEST_P(Otf2Eztrace, AnExchangeOfIrecvsIsRejectedAndZKeepsTheMatchedMessages) {
  std::string archive = Archive("exchange");
  ASSERT_FALSE(archive.empty());
  ExpectRejected(Ingest(archive), archive, {"MpiIsend", "partner", "MPI_COMM_WORLD"});
  CliRun run = Ingest(archive, "-z");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Messages(), Sorted({Rank(0) + "|" + Rank(1) + "|MPI_COMM_WORLD|16|9",
                                Rank(0) + "|" + Rank(1) + "|MPI_COMM_WORLD|17|9",
                                Rank(2) + "|" + Rank(3) + "|MPI_COMM_WORLD|16|9",
                                Rank(2) + "|" + Rank(3) + "|MPI_COMM_WORLD|17|9"}));
  std::vector<std::string> regions;
  for (int rank = 0; rank < 4; ++rank) {
    bool even = rank % 2 == 0;
    regions.push_back(Rank(rank) + "|MPI_Irecv|4");
    regions.push_back(Rank(rank) + "|MPI_Isend|" + (even ? "6" : "4"));
    if (!even) regions.push_back(Rank(rank) + "|MPI_Recv|2");
    if (even) regions.push_back(Rank(rank) + "|MPI_Wait|2");
    regions.push_back(Rank(rank) + "|MPI_Waitall|2");
  }
  EXPECT_EQ(MpiRegions(), Sorted(regions));
}

// split.c: the halves' ranks are not the world's: rank 0 of the even half is
// world rank 2, of the odd half world rank 3; their messages (tag 7, 5 and
// 10 bytes) go to world ranks 0 and 1. Every rank ends the collectives the
// program calls, with the sizes it passes.
TEST_P(Otf2Eztrace, MessagesAndCollectivesOfSplitCommunicators) {
  std::string archive = Archive("split");
  ASSERT_FALSE(archive.empty());
  CliRun run = Ingest(archive);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> messages = Messages();
  ASSERT_EQ(messages.size(), 4u) << ::testing::PrintToString(messages);
  // The halves' communicators are EZTrace's MPI_COMM_ID: one for 2 -> 0, one for 3 -> 1.
  std::string even = messages[0].substr(14, messages[0].find('|', 14) - 14);
  std::string odd = messages[2].substr(14, messages[2].find('|', 14) - 14);
  EXPECT_NE(even, odd);
  EXPECT_NE(even, "MPI_COMM_WORLD");
  EXPECT_EQ(messages, (std::vector<std::string>{Rank(2) + "|" + Rank(0) + "|" + even + "|10|7",
                                                Rank(2) + "|" + Rank(0) + "|" + even + "|5|7",
                                                Rank(3) + "|" + Rank(1) + "|" + odd + "|10|7",
                                                Rank(3) + "|" + Rank(1) + "|" + odd + "|5|7"}));
  std::vector<std::string> events, regions;
  for (int rank = 0; rank < 4; ++rank) {
    std::string half = rank % 2 == 0 ? even : odd, at = Rank(rank) + "|";
    for (const std::string& event : std::vector<std::string>{
             "BARRIER|MPI_COMM_WORLD|NULL|0|0", "BCAST|MPI_COMM_WORLD|2|32|32",
             "ALLREDUCE|MPI_COMM_WORLD|NULL|8|8", "REDUCE|MPI_COMM_WORLD|3|8|8",
             "ALLGATHER|MPI_COMM_WORLD|NULL|8|8", "BCAST|" + half + "|0|12|12",
             "BARRIER|" + half + "|NULL|0|0"}) {
      events.push_back(at + event);
    }
    for (const char* region : {"MPI_Allgather|1", "MPI_Allreduce|1", "MPI_Barrier|2", "MPI_Bcast|2",
                               "MPI_Comm_free|1", "MPI_Comm_split|1", "MPI_Reduce|1"}) {
      regions.push_back(at + region);
    }
    // World ranks 0 and 1 receive in their halves, 2 and 3 send.
    regions.push_back(at + (rank < 2 ? "MPI_Recv|2" : "MPI_Send|2"));
  }
  EXPECT_EQ(Sorted(database_->Rows("SELECT container, value, " + ExtraMember("communicator") +
                                   ", " + ExtraMember("root") + ", " + ExtraMember("bytes_sent") +
                                   ", " + ExtraMember("bytes_received") +
                                   " FROM event_view WHERE trace_id = " + kLastTrace)),
            Sorted(events));
  EXPECT_EQ(MpiRegions(), Sorted(regions));
}

INSTANTIATE_TEST_SUITE_P(Backends, Otf2Eztrace,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::otf2_cli::otf2_eztrace_test

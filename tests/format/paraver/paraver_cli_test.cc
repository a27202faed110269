// tracedb dump and ingest on Paraver traces: format detection, companions
// and --pcf/--row, metadata and exact raw times in the database, and
// dump --db equal to dump.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "db/sqlite/sqlite_connection.h"
#include "support/paraver_test_support.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::paraver_cli_test {
namespace {

const char* kTrace =
    "#Paraver (09/10/2019 at 16:08):2000_ns:1(2):1:2(1:1,1:1),2\n"
    "c:1:1:2:1:2\n"
    "c:1:2:1:1\n"
    "1:1:1:1:1:0:1234567:1\n"
    "2:2:1:2:1:999999999:50000001:2:32000050:18446744073709551615\n"
    "3:1:1:1:1:100:200:2:1:2:1:150:300:64:5\n"
    "1:2:1:2:1:7:-1:1\n";

const char* kPcf = "STATES\n1 Running\n\nEVENT_TYPE\n9 50000001 MPI P2P\nVALUES\n2 MPI_Recv\n";

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ParaverCli, DetectsParaverByContentWhateverTheName) {
  std::string path = WriteTempFile("paraver.txt", kTrace);
  CliRun run = Tracedb("dump " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Has(run.out, "Container, 0, Application, 0, 1, 1, APPL 1\n")) << run.out;
  ASSERT_EQ(std::system(("gzip -c " + path + " >" + path + ".data").c_str()), 0);
  CliRun gz = Tracedb("dump " + path + ".data");
  EXPECT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(SortedLines(gz.out), SortedLines(run.out));
}

TEST(ParaverCli, APrvNameGoesToTheParaverReader) {
  std::string path = WriteTempFile("notreally.prv", "%EventDef PajeNewEvent 1\n");
  CliRun run = Tracedb("dump " + path);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            path + ":1: not a Paraver trace: the first line must start with '#Paraver ('\n");
}

TEST(ParaverCli, FormatOptionOverridesDetection) {
  std::string path = WriteTempFile("forced.txt", kTrace);
  CliRun paje = Tracedb("dump --format paje " + path);
  EXPECT_EQ(paje.exit_code, 1);
  EXPECT_TRUE(Has(paje.err, path + ":2: ")) << paje.err;  // Pajé skips the # line
  CliRun from_stdin = Tracedb("dump --format paraver - <" + path);
  EXPECT_EQ(from_stdin.exit_code, 0) << from_stdin.err;
  EXPECT_EQ(SortedLines(from_stdin.out), SortedLines(Tracedb("dump " + path).out));
  CliRun otf2 = Tracedb("dump --format otf2 " + path);
  EXPECT_EQ(otf2.exit_code, 1);
  EXPECT_EQ(otf2.err, path + ": not a readable OTF2 anchor file\n");
  CliRun bad = Tracedb("dump --format pcf " + path);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(Has(bad.err, "tracedb dump: --format must be auto, paje, paraver or otf2, not 'pcf'"))
      << bad.err;
}

TEST(ParaverCli, DumpFromStdinDetectsParaverByContent) {
  std::string path = WriteTempFile("stdin.txt", kTrace);
  CliRun file = Tracedb("dump " + path);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  for (const CliRun& run : {Tracedb("dump - <" + path), TracedbPiped("cat " + path, "dump -"),
                            TracedbPiped("gzip -c " + path, "dump -")}) {
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, NoCompanionWarnings("-"));
    EXPECT_EQ(run.out, file.out);
  }
}

// More than zlib's read-ahead (1 MiB) through a pipe: every record after the look at the
// header still reaches the reader.
TEST(ParaverCli, DumpFromAPipeLosesNoRecord) {
  std::string path = WriteTempFile("generated.txt", "");
  std::string gen = std::string(TRACEDB_GEN_PRV) + " --size 3M --seed 3 2>/dev/null";
  ASSERT_EQ(std::system((gen + " >" + path).c_str()), 0);
  CliRun file = Tracedb("dump " + path);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  CliRun piped = TracedbPiped(gen, "dump -");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_TRUE(piped.out == file.out) << piped.out.size() << " bytes, not " << file.out.size();
}

TEST(ParaverCli, CompanionsBesideTheTraceAndOverrides) {
  std::string prv = WriteParaverTrace("beside", kTrace, kPcf, "LEVEL THREAD SIZE 1\nmain\n");
  ASSERT_EQ(std::system(("gzip -f " + prv).c_str()), 0);
  CliRun beside = Tracedb("dump " + prv + ".gz");
  EXPECT_EQ(beside.exit_code, 0) << beside.err;
  EXPECT_TRUE(Has(beside.out,
                  "State, main, State, 0.000000, 0.001235, 0.001235, 0.000000, "
                  "Running\n"))
      << beside.out;
  std::string pcf = WriteTempFile("other.pcf", "STATES\n1 Busy\n");
  std::string row = WriteTempFile("other.row", "LEVEL THREAD SIZE 1\nfirst\n");
  CliRun given = Tracedb("dump --pcf " + pcf + " --row " + row + " " + prv + ".gz");
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_TRUE(Has(given.out,
                  "State, first, State, 0.000000, 0.001235, 0.001235, 0.000000, "
                  "Busy\n"))
      << given.out;
  CliRun missing = Tracedb("dump --pcf /nonexistent.pcf " + prv + ".gz");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "/nonexistent.pcf: cannot open: No such file or directory\n");
}

// A typo in a companion is warned of, FILE:LINE, once per file and kind,
// and changes nothing else: the good lines still name their numbers.
TEST(ParaverCli, StrayCompanionLinesAreWarnedOfAndSkipped) {
  std::string prv = WriteParaverTrace("typo", kTrace, "STATES\n1 Running\nRunning 2\n",
                                      "LEVEL THREAD SIZE 1\nmain\nworker\n");
  auto beside = [&](const char* extension) {
    return std::filesystem::path(prv).replace_extension(extension).string();
  };
  const std::string kWarnings = "tracedb: warning: " + beside(".pcf") +
                                ":3: 'Running 2' is not a state's NUMBER NAME; ignored\n"
                                "tracedb: warning: " +
                                beside(".row") +
                                ":3: 'worker' is past the SIZE of 'LEVEL THREAD SIZE 1'; ignored\n";
  CliRun dump = Tracedb("dump " + prv);
  EXPECT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(dump.err, kWarnings);
  EXPECT_TRUE(
      Has(dump.out, "State, main, State, 0.000000, 0.001235, 0.001235, 0.000000, Running\n"))
      << dump.out;
  std::string db = FreshDbPath("typo");
  CliRun ingest = Tracedb("ingest -q --db " + db + " " + prv);
  EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  EXPECT_EQ(ingest.err, kWarnings);
}

TEST(ParaverCli, IngestKeepsFormatMetadataAndExactRawTimes) {
  // The last record, at 2^51 - 1 ns, moves the end of the trace there.
  std::string prv =
      WriteParaverTrace("stored", std::string(kTrace) + "2:1:1:1:1:2251799813685247:1:1\n", kPcf);
  std::string db = FreshDbPath("paraver.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + prv);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  SqliteConnection c(db);
  std::string pcf = std::filesystem::path(prv).replace_extension(".pcf").string();
  EXPECT_EQ(Rows(c,
                 "SELECT format, container_count, state_count, event_count, link_count, "
                 "metadata FROM trace"),
            std::vector<std::string>{
                "paraver|9|2|3|1|"
                "{\"date\":\"09/10/2019 at 16:08\",\"date_iso\":\"2019-10-09T16:08\","
                "\"time_unit\":\"ns\",\"seconds_per_tick\":1e-09,\"header_end_time\":2000,"
                "\"end_time\":2251799813685247,\"nodes\":[2],\"applications\":[[[1,1],[1,1]]],"
                "\"communicator_count\":2,\"communicators\":[\"c:1:1:2:1:2\",\"c:1:2:1:1\"],"
                "\"pcf\":\"" +
                pcf + "\",\"row\":null}"});
  // JSON output nests the metadata object; the list gives the span in seconds.
  CliRun info = Tracedb("info --json --db " + db + " 1");
  EXPECT_NE(info.out.find(",\"metadata\":{\"date\":\"09/10/2019 at 16:08\","), std::string::npos)
      << info.out;
  CliRun list = Tracedb("list --db " + db);
  EXPECT_NE(list.out.find("  2251799.814 s\n"), std::string::npos) << list.out;
  // raw ticks = round(seconds / seconds_per_tick), exactly, here in SQL.
  const char* raw =
      "SELECT CAST(round(t / 1e-9) AS INTEGER) FROM ("
      "SELECT start_time AS t FROM state UNION ALL SELECT end_time FROM state UNION ALL "
      "SELECT time FROM event UNION ALL SELECT start_time FROM link UNION ALL "
      "SELECT end_time FROM link UNION ALL SELECT end_time FROM trace) ORDER BY 1";
  EXPECT_EQ(Rows(c, raw),
            (std::vector<std::string>{"0", "7", "200", "300", "1234567", "999999999", "999999999",
                                      "2251799813685247", "2251799813685247", "2251799813685247"}));
  EXPECT_EQ(Rows(c, "SELECT extra FROM link"),
            std::vector<std::string>{"{\"lsend\":0.000000100,\"lrecv\":0.000000150,"
                                     "\"size\":64,\"send_cpu\":1,\"recv_cpu\":2}"});
  // Unlabelled values are numbers, but beyond 64-bit integers.
  EXPECT_EQ(Rows(c, "SELECT type, value, number FROM event_view ORDER BY type, value"),
            (std::vector<std::string>{"1|NULL|1", "32000050|18446744073709551615|NULL",
                                      "MPI P2P|MPI_Recv|NULL"}));
  EXPECT_EQ(Rows(c, "SELECT name, alias FROM type WHERE kind = 'event' ORDER BY id"),
            (std::vector<std::string>{"MPI P2P|50000001", "32000050|NULL", "1|NULL"}));
}

TEST(ParaverCli, IngestRefusesTimesSecondsCannotHoldExactly) {
  std::string prv =
      WriteParaverTrace("huge", std::string(kTrace) + "2:1:1:1:1:2251799813685248:1:1\n");
  CliRun run = Tracedb("ingest -q --db " + FreshDbPath("huge.sqlite") + " " + prv);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, prv +
                         ":8: time 2251799813685248 is too large to store exactly in seconds "
                         "(the limit is 2^51 - 1 ticks)\n");
}

TEST(ParaverCli, DumpOfTheDatabaseEqualsDumpOfTheFile) {
  std::string prv = WriteParaverTrace("roundtrip", kTrace, kPcf, "LEVEL NODE SIZE 1\nn0\n");
  std::string db = FreshDbPath("roundtrip.sqlite");
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + prv).exit_code, 0);
  for (const char* u : {"", "-u "}) {
    CliRun file = Tracedb(std::string("dump ") + u + prv);
    CliRun stored = Tracedb(std::string("dump ") + u + "--db " + db + " roundtrip.prv");
    EXPECT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  }
}

TEST(ParaverCli, IngestFromStdinDetectsParaver) {
  std::string path = WriteTempFile("piped.txt", kTrace);
  std::string db = FreshDbPath("stdin.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " - <" + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT name, format, event_count FROM trace"),
            std::vector<std::string>{"stdin|paraver|2"});
}

TEST(ParaverCli, IngestErrorNamesTheFileAndLine) {
  std::string prv = WriteParaverTrace("broken", "#Paraver (d):9:0:1:1(1:0)\n1:0:1:1:1:0:9:1:2:3\n");
  std::string db = FreshDbPath("broken.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + prv);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, prv + ":2: state record needs 8 fields, found 10\n");
}

}  // namespace
}  // namespace tracedb::testing::paraver_cli_test

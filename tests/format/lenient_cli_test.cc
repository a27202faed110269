// --on-error skip and --max-errors through the tracedb binary: what dump
// prints and says, what ingest and watch store (trace.skipped_lines and
// skipped_errors) on both backends, and that strict mode is unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::lenient_cli_test {
namespace {

// A parse error, an undefined id, a simulation error (body lines 2, 3, 5).
const char* kBadBody =
    "8 1.0 S t1 A\n"
    "12 2.x E t2 x\n"
    "77 2.0 E t2 x\n"
    "12 2.5 E t2 hello\n"
    "12 2.6 E nosuch x\n"
    "16 3.0 L 0 m t1 k1\n"
    "17 3.5 L 0 m t2 k1\n";
const char* kGoodBody =
    "8 1.0 S t1 A\n"
    "12 2.5 E t2 hello\n"
    "16 3.0 L 0 m t1 k1\n"
    "17 3.5 L 0 m t2 k1\n";

std::vector<std::string> Problems(const std::string& path) {
  return {path + ":" + std::to_string(BodyLine(2)) + ": invalid time '2.x'",
          path + ":" + std::to_string(BodyLine(3)) + ": event id '77' is not defined",
          path + ":" + std::to_string(BodyLine(5)) + ": unknown container 'nosuch'"};
}

std::string Warnings(const std::string& path) {
  std::string out;
  for (const std::string& p : Problems(path)) out += "tracedb: warning: " + p + " (line skipped)\n";
  return out;
}

TEST(LenientCli, DumpPrintsTheGoodLinesAndSaysWhatItSkipped) {
  std::string bad = WriteTempFile("skip.paje", Header() + kBadBody);
  std::string good = WriteTempFile("skip_good.paje", Header() + kGoodBody);
  CliRun expected = Tracedb("dump " + good);
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  for (std::string threads : {"1", "3"}) {
    CliRun run = Tracedb("dump --on-error skip --threads " + threads + " " + bad);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, expected.out);
    EXPECT_EQ(run.err, Warnings(bad) + "tracedb: warning: " + bad +
                           ": 3 bad line(s) skipped; the output leaves them out\n");
  }
}

TEST(LenientCli, DumpStrictIsUnchangedAndMaxErrorsBoundsSkipping) {
  std::string bad = WriteTempFile("bound.paje", Header() + kBadBody);
  for (std::string strict : {"", "--on-error fail "}) {
    CliRun run = Tracedb("dump " + strict + bad);
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(run.err, Problems(bad)[0] + "\n");
  }
  CliRun bounded = Tracedb("dump --on-error skip --max-errors 2 " + bad + " >/dev/null");
  EXPECT_EQ(bounded.exit_code, 1);
  EXPECT_EQ(bounded.err, "tracedb: warning: " + Problems(bad)[0] + " (line skipped)\n" +
                             "tracedb: warning: " + Problems(bad)[1] + " (line skipped)\n" + bad +
                             ":" + std::to_string(BodyLine(5)) +
                             ": too many bad lines (more than --max-errors 2); the last: unknown "
                             "container 'nosuch'\n");
  CliRun enough = Tracedb("dump --on-error skip --max-errors 3 " + bad + " >/dev/null");
  EXPECT_EQ(enough.exit_code, 0) << enough.err;
}

TEST(LenientCli, UsageErrors) {
  CliRun word = Tracedb("dump --on-error maybe x.paje");
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_EQ(word.err,
            "tracedb dump: --on-error must be fail or skip, not 'maybe'\n"
            "(run 'tracedb dump --help' for usage)\n");
  CliRun alone = Tracedb("ingest --max-errors 3 x.paje");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_EQ(alone.err,
            "tracedb ingest: --max-errors needs --on-error skip\n"
            "(run 'tracedb ingest --help' for usage)\n");
  CliRun negative = Tracedb("watch --on-error skip --max-errors -1 /tmp");
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(negative.err.rfind("tracedb watch: --max-errors must be a whole number", 0), 0u)
      << negative.err;
}

TEST(LenientCli, ParaverDumpSkipsBadRecords) {
  std::string header = "#Paraver (01/02/2020 at 10:00):1000_us:1(2):1:2(1:1,1:1)\n";
  std::string good =
      WriteParaverTrace("skip_good", header + "1:1:1:1:1:0:400:1\n2:1:1:2:1:5:7:2\n");
  std::string bad = WriteParaverTrace(
      "skip_bad",
      header + "1:1:1:1:1:0:400:1\n1:1:1:1:1:0:x:1\n2:1:1:2:1:5:7:2\n2:1:1:9:1:5:7:2\n");
  CliRun expected = Tracedb("dump -u " + good);
  CliRun run = Tracedb("dump -u --on-error skip " + bad);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, expected.out);
  EXPECT_EQ(run.err, "tracedb: warning: " + bad +
                         ":3: END is not an integer: 'x' (line skipped)\n" + "tracedb: warning: " +
                         bad + ":5: thread 1.9.1 is not in the header (line skipped)\n" +
                         NoCompanionWarnings(bad) + "tracedb: warning: " + bad +
                         ": 2 bad line(s) skipped; the output leaves them out\n");
}

class LenientStoreCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
};

TEST_P(LenientStoreCli, IngestStoresTheGoodLinesAndWhatWasSkipped) {
  TestDatabase database(GetParam(), "lenient");
  std::string db = "'" + database.url() + "'";
  std::string bad = WriteTempFile("stored.paje", Header() + kBadBody);
  std::string good = WriteTempFile("stored_good.paje", Header() + kGoodBody);
  CliRun run = Tracedb("ingest -q --on-error skip --db " + db + " " + bad);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, Warnings(bad));
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + good).exit_code, 0);
  std::vector<std::string> problems = Problems(bad);
  EXPECT_EQ(
      database.Rows("SELECT id, status, skipped_lines, skipped_errors FROM trace ORDER BY id"),
      (std::vector<std::string>{
          "1|complete|3|" + problems[0] + "\n" + problems[1] + "\n" + problems[2],
          "2|complete|0|NULL"}));
  // The refused lines left nothing: the same rows, values included.
  EXPECT_EQ(database.RowCounts(1), database.RowCounts(2));
  EXPECT_EQ(database.Rows("SELECT count(*) FROM value WHERE trace_id = 1"),
            database.Rows("SELECT count(*) FROM value WHERE trace_id = 2"));
  CliRun file = Tracedb("dump -u --on-error skip " + bad + " 2>/dev/null");
  CliRun stored = Tracedb("dump -u --db " + db + " 1");
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  CliRun info = Tracedb("info --json --db " + db + " 1");
  EXPECT_NE(info.out.find("\"skipped_lines\":3,\"skipped_errors\":\"" + problems[0] + "\\u000a"),
            std::string::npos)
      << info.out;
}

// PostgreSQL refused a NUL in text (invalid byte sequence 0x00) naming only
// the database, SQLite stored it: now the line is bad on both, by name.
TEST_P(LenientStoreCli, ALineWithANulFailsOrIsSkippedTheSameOnBothBackends) {
  TestDatabase database(GetParam(), "nul");
  std::string db = "'" + database.url() + "'";
  std::string body = "12 1 E t1 a\n12 2 E t1 b";
  body += '\0';
  body += "c\n12 3 E t1 d\n";
  std::string path = WriteTempFile("nul.paje", Header() + body);
  std::string problem =
      path + ":" + std::to_string(BodyLine(2)) +
      ": NUL byte at column 12 (a zero-filled block, as a crashed tracer leaves?)";
  CliRun strict = Tracedb("ingest -q --db " + db + " " + path);
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_EQ(strict.err, problem + "\n");
  CliRun lenient = Tracedb("ingest -q --force --on-error skip --db " + db + " " + path);
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  EXPECT_EQ(lenient.err, "tracedb: warning: " + problem + " (line skipped)\n");
  EXPECT_EQ(database.Rows("SELECT id, status, skipped_lines FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|failed|0", "2|complete|1"}));
  EXPECT_EQ(database.Rows("SELECT value FROM event_view WHERE trace_id = 2 ORDER BY time"),
            (std::vector<std::string>{"a", "d"}));
}

TEST_P(LenientStoreCli, TheSummarySaysHowManyLinesWereSkipped) {
  TestDatabase database(GetParam(), "summary");
  std::string bad = WriteTempFile("summary.paje", Header() + kBadBody);
  CliRun run =
      Tracedb("ingest --on-error skip --log-level error --db '" + database.url() + "' " + bad);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("; 3 bad line(s) skipped\n"), std::string::npos) << run.err;
}

TEST_P(LenientStoreCli, TooManyBadLinesFailTheLoadAndStoreNothing) {
  TestDatabase database(GetParam(), "toomany");
  std::string bad = WriteTempFile("toomany.paje", Header() + kBadBody);
  CliRun run =
      Tracedb("ingest -q --on-error skip --max-errors 1 --db '" + database.url() + "' " + bad);
  EXPECT_EQ(run.exit_code, 1);
  std::string error = bad + ":" + std::to_string(BodyLine(3)) +
                      ": too many bad lines (more than --max-errors 1); the last: event id '77' "
                      "is not defined";
  EXPECT_EQ(run.err, "tracedb: warning: " + Problems(bad)[0] + " (line skipped)\n" + error + "\n");
  EXPECT_EQ(database.Rows("SELECT status, error, skipped_lines FROM trace"),
            std::vector<std::string>{"failed|" + error + "|0"});
  EXPECT_EQ(database.RowCounts(1),
            NoTraceRows());
}

TEST_P(LenientStoreCli, WatchSkipsAndMovesTheFileToDone) {
  TestDatabase database(GetParam(), "watchskip");
  std::string dir =
      std::filesystem::path(WriteTempFile("probe", "")).parent_path() / "lenient_watch";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string path = dir + "/w.paje";
  WriteTempFile("lenient_watch/w.paje", Header() + kBadBody);
  CliRun run = Tracedb("watch --once --stable-seconds 0 --on-error skip --log-level error --db '" +
                       database.url() + "' " + dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("Z done " + path + " -> trace 1 (7 rows, 3 bad line(s) skipped, "),
            std::string::npos)
      << run.err;
  EXPECT_TRUE(std::filesystem::exists(dir + "/done/w.paje"));
  EXPECT_EQ(database.Rows("SELECT skipped_lines FROM trace"), std::vector<std::string>{"3"});
}

TEST_P(LenientStoreCli, ParaverIngestStoresTheGoodRecords) {
  TestDatabase database(GetParam(), "prvskip");
  std::string db = "'" + database.url() + "'";
  std::string header = "#Paraver (01/02/2020 at 10:00):1000_us:1(2):1:2(1:1,1:1)\n";
  std::string good =
      WriteParaverTrace("store_good", header + "1:1:1:1:1:0:400:1\n2:1:1:2:1:5:7:2\n");
  std::string bad = WriteParaverTrace(
      "store_bad",
      header + "1:1:1:1:1:0:400:1\n1:1:1:1:1:0:x:1\n2:1:1:2:1:5:7:2\n2:1:1:9:1:5:7:2\n");
  std::string problems =
      bad + ":3: END is not an integer: 'x'\n" + bad + ":5: thread 1.9.1 is not in the header";
  // No bad line allowed: the first one fails the load, as in strict mode.
  CliRun none = Tracedb("ingest -q --on-error skip --max-errors 0 --db " + db + " " + bad);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.err, bad +
                          ":3: too many bad lines (more than --max-errors 0); the last: END is not "
                          "an integer: 'x'\n");
  CliRun run = Tracedb("ingest -q --on-error skip --db " + db + " " + bad);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + good).exit_code, 0);
  EXPECT_EQ(
      database.Rows("SELECT id, status, skipped_lines, skipped_errors FROM trace ORDER BY id"),
      (std::vector<std::string>{"1|failed|0|NULL", "2|complete|2|" + problems,
                                "3|complete|0|NULL"}));
  EXPECT_EQ(database.RowCounts(2), database.RowCounts(3));
  CliRun stored = Tracedb("dump -u --db " + db + " 2");
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(Tracedb("dump -u " + good).out));
}

INSTANTIATE_TEST_SUITE_P(Backends, LenientStoreCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::lenient_cli_test

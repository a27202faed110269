// tracedb ingest: rows in the database, the archive's rules (re-ingest,
// --force, failures that leave nothing), and dump --db equal to dump, on
// both backends.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "db/sqlite/sqlite_connection.h"
#include "input/file_digest.h"
#include "support/archive_checks.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/paraver_test_support.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::ingest_cli_test {
namespace {

void Write(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

std::string TraceFile(const std::string& name, const std::string& body = kEveryKindBody) {
  return WriteTempFile(name, Header() + body);
}

class IngestCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }
};

TEST_P(IngestCli, StoresEveryEntityWithNamesInTheViews) {
  TestDatabase database(GetParam(), "ingest");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " " + TraceFile("one.paje"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(
      database.Rows("SELECT id, name, format, status, container_count, state_count, event_count, "
                    "variable_count, link_count, start_time, end_time FROM trace"),
      std::vector<std::string>{"1|one.paje|paje|complete|4|2|1|2|1|0.0|3.0"});
  EXPECT_EQ(
      database.Rows("SELECT container, type, value, start_time, end_time, duration, depth "
                    "FROM state_view ORDER BY start_time, depth"),
      (std::vector<std::string>{"thread1|State|A|1.0|3.0|2.0|0", "thread1|State|B|2.0|3.0|1.0|1"}));
  EXPECT_EQ(database.Rows("SELECT container, type, start_time, end_time, value FROM variable_view "
                          "ORDER BY start_time"),
            (std::vector<std::string>{"thread2|Var|1.0|2.0|5.0", "thread2|Var|2.0|3.0|7.0"}));
  EXPECT_EQ(database.Rows("SELECT container, type, value, key, start_container, end_container, "
                          "start_time, end_time FROM link_view"),
            std::vector<std::string>{"NULL|Link|m|k1|thread1|thread2|1.5|2.5"});
  EXPECT_EQ(
      database.Rows("SELECT name, parent_id, start_time, end_time FROM container ORDER BY id"),
      (std::vector<std::string>{"0|NULL|0.0|3.0", "node1|0|0.0|3.0", "thread1|1|0.0|3.0",
                                "thread2|1|0.0|3.0"}));
}

// File and trace names are whole arguments: a comma splits nothing.
TEST_P(IngestCli, NamesWithCommasAreOneFileAndOneTrace) {
  TestDatabase database(GetParam(), "commas");
  std::string db = "'" + database.url() + "'";
  std::string path = TraceFile("a,b.paje");
  std::string other = TraceFile("c.paje", std::string(kEveryKindBody) + "# another trace\n");
  CliRun run = Tracedb("ingest -q --db " + db + " '" + path + "' " + other);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(database.Rows("SELECT id, name FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|a,b.paje", "2|c.paje"}));
  CliRun deleted = Tracedb("delete --db " + db + " 'a,b.paje' c.paje");
  EXPECT_EQ(deleted.exit_code, 0) << deleted.err;
  EXPECT_EQ(deleted.err, "deleted trace 1 (a,b.paje)\ndeleted trace 2 (c.paje)\n");
}

TEST_P(IngestCli, KeepsUserFieldsAsJson) {
  std::string header = Header();
  std::string def =
      "%EventDef PajeNewEvent 40\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% Size int\n% Note string\n%EndEventDef\n";
  std::string path = WriteTempFile("fields.paje", header + def + "40 1 E t1 x 4096 a\\\"b\n");
  TestDatabase database(GetParam(), "fields");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // Size is declared int: a JSON number. PostgreSQL's jsonb orders the keys
  // its own way, so "#order" keeps the order written.
  EXPECT_EQ(database.Rows(sqlite() ? "SELECT extra, json_extract(extra, '$.Size') FROM event"
                                   : "SELECT extra, extra->'Size' FROM event"),
            std::vector<std::string>{
                sqlite() ? R"({"Size":4096,"Note":"a\\\"b"}|4096)"
                         : R"({"Note": "a\\\"b", "Size": 4096, "#order": ["Size", "Note"]}|4096)"});
  CliRun file = Tracedb("dump -u " + path);
  CliRun stored = Tracedb("dump -u --db " + db + " fields.paje");
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
}

// Containers and states still open at the end of the trace reach the
// database after the reader is gone: their user fields must survive it.
TEST_P(IngestCli, KeepsUserFieldsOfEntitiesClosedByTheEndOfTheTrace) {
  std::string def =
      "%EventDef PajeCreateContainer 41\n% Time date\n% Alias string\n% Type string\n"
      "% Container string\n% Name string\n% Rank string\n%EndEventDef\n"
      "%EventDef PajePushState 42\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% Where string\n%EndEventDef\n";
  std::string path =
      WriteTempFile("open_fields.paje", Header() + def + "41 1 t9 T n1 thread9 rank_nine\n" +
                                            "42 2 S t9 A solver.c:12\n");
  TestDatabase database(GetParam(), "open_fields");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // PostgreSQL's jsonb prints a blank after ':'.
  EXPECT_EQ(database.Rows("SELECT name, extra FROM container WHERE extra IS NOT NULL"),
            std::vector<std::string>{sqlite() ? R"(thread9|{"Rank":"rank_nine"})"
                                              : R"(thread9|{"Rank": "rank_nine"})"});
  EXPECT_EQ(database.Rows("SELECT extra FROM state"),
            std::vector<std::string>{sqlite() ? R"({"Where":"solver.c:12"})"
                                              : R"({"Where": "solver.c:12"})"});
  CliRun file = Tracedb("dump -u " + path);
  CliRun stored = Tracedb("dump -u --db " + db + " open_fields.paje");
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
}

TEST_P(IngestCli, DumpOfTheStoredTraceEqualsDumpOfTheFile) {
  std::string path = TraceFile("round.paje");
  TestDatabase database(GetParam(), "round");
  std::string db = database.url();
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + path).exit_code, 0);
  for (std::string u : {"", "-u "}) {
    CliRun file = Tracedb("dump " + u + path);
    CliRun stored = Tracedb("dump " + u + "--db " + db + " round.paje");
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  }
}

// Values that are plain numbers are held as numbers when read back
// (sim/registry.h); these are the spellings that must not change on the way.
TEST_P(IngestCli, NumberLikeValuesComeBackSpelledAsStored) {
  std::string path = TraceFile("numbers.paje",
                               "12 1.0 E t1 42\n"
                               "12 1.1 E t1 -42\n"
                               "12 1.2 E t1 007\n"
                               "12 1.3 E t1 -0\n"
                               "12 1.4 E t1 +3\n"
                               "12 1.5 E t1 18446744073709551615\n"
                               "12 1.6 E t1 18446744073709551616\n"
                               "12 1.7 E t1 0\n");
  TestDatabase database(GetParam(), "numbers");
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + path).exit_code, 0);
  CliRun file = Tracedb("dump " + path);
  CliRun stored = Tracedb("dump --db " + database.url() + " numbers.paje");
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  EXPECT_EQ(SortedLines(stored.out),
            Expect({WorldContainers("1.7"),
                    {"Event, thread1, Ev, 1.000000, 42", "Event, thread1, Ev, 1.100000, -42",
                     "Event, thread1, Ev, 1.200000, 007", "Event, thread1, Ev, 1.300000, -0",
                     "Event, thread1, Ev, 1.400000, +3",
                     "Event, thread1, Ev, 1.500000, 18446744073709551615",
                     "Event, thread1, Ev, 1.600000, 18446744073709551616",
                     "Event, thread1, Ev, 1.700000, 0"}}));
}

TEST_P(IngestCli, ABadTraceAmongGoodOnesFailsAloneAndLeavesNoRows) {
  std::string a = TraceFile("a.paje");
  std::string b = TraceFile("b.paje", "8 1.0 S t1 A\n12 2.0 E nosuch x\n");
  std::string c = TraceFile("c.paje", "8 5.0 S t2 A\n");
  TestDatabase database(GetParam(), "abc");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " " + a + " " + b + " " + c);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, b + ":" + std::to_string(BodyLine(2)) + ": unknown container 'nosuch'\n");
  EXPECT_EQ(
      database.Rows("SELECT id, name, status, CASE WHEN error IS NULL THEN 0 ELSE 1 END FROM trace "
                    "ORDER BY id"),
      (std::vector<std::string>{"1|a.paje|complete|0", "2|b.paje|failed|1",
                                "3|c.paje|complete|0"}));
  EXPECT_EQ(database.Rows("SELECT count(*) FROM state WHERE trace_id = 2"),
            std::vector<std::string>{"0"});
  EXPECT_EQ(database.Rows("SELECT count(*) FROM container WHERE trace_id = 2"),
            std::vector<std::string>{"0"});
}

TEST_P(IngestCli, SameContentIsSkippedUnlessForced) {
  std::string path = TraceFile("again.paje");
  TestDatabase database(GetParam(), "again");
  std::string db = database.url();
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + path).exit_code, 0);
  CliRun again = Tracedb("ingest --db " + db + " " + path);
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.err, path +
                           ": already in the database as trace 1 (same content); skipped, "
                           "--force replaces it\n");
  CliRun forced = Tracedb("ingest -q --force --db " + db + " " + path);
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(database.Rows("SELECT id, status FROM trace"), std::vector<std::string>{"2|complete"});
  EXPECT_EQ(database.Rows("SELECT DISTINCT trace_id FROM state"), std::vector<std::string>{"2"});
}

// The digest waits for the load when no complete trace has the file's size,
// and comes first when one has: either way the trace row gets the file's
// digest, and another content of the same size is loaded, not skipped.
TEST_P(IngestCli, EachTraceGetsItsFilesDigestWhateverTheSizes) {
  std::string a = TraceFile("same-size-a.paje", std::string(kEveryKindBody) + "# a\n");
  std::string b = TraceFile("same-size-b.paje", std::string(kEveryKindBody) + "# b\n");
  TestDatabase database(GetParam(), "digests");
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + a).exit_code, 0);
  CliRun second = Tracedb("ingest -q --db " + database.url() + " " + b);
  EXPECT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(second.err, "");
  EXPECT_EQ(database.Rows("SELECT name, status, sha256 FROM trace ORDER BY id"),
            (std::vector<std::string>{"same-size-a.paje|complete|" + Sha256OfFile(a),
                                      "same-size-b.paje|complete|" + Sha256OfFile(b)}));
}

// A Paraver trace is its .prv and the companions it was read with: loaded
// without its .pcf (with a warning), then with it, then with its .row, it
// is three traces; the same files again are one already there.
TEST_P(IngestCli, AParaverTracesIdentityCoversItsCompanions) {
  std::string prv = WriteParaverTrace("companions",
                                      "#Paraver (09/10/2019 at 16:08):2000_ns:1(2):1:2(1:1,1:1),2\n"
                                      "1:1:1:1:1:0:1234567:1\n");
  std::string pcf = std::filesystem::path(prv).replace_extension(".pcf").string();
  std::string row = std::filesystem::path(prv).replace_extension(".row").string();
  TestDatabase database(GetParam(), "companions");
  std::string ingest = "ingest -q --db " + database.url() + " " + prv;
  CliRun alone = Tracedb(ingest);
  EXPECT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_EQ(alone.err, NoCompanionWarnings(prv));
  Write(pcf, "STATES\n1 Running\n");
  CliRun labelled = Tracedb(ingest);
  EXPECT_EQ(labelled.exit_code, 0) << labelled.err;
  EXPECT_EQ(labelled.err, "tracedb: warning: " + prv +
                              ": no companions.row beside it, so containers get default names "
                              "such as THREAD 1.1.1 (--row names one)\n");
  Write(row, "LEVEL THREAD SIZE 2\nmain\nworker\n");
  CliRun named = Tracedb(ingest);
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(named.err, "");
  CliRun again = Tracedb("ingest --db " + database.url() + " " + prv);
  EXPECT_EQ(again.err, prv +
                           ": already in the database as trace 3 (same content); skipped, "
                           "--force replaces it\n");
  std::string prv_sha = Sha256OfFile(prv);
  std::string with_pcf = Sha256OfText(prv_sha + "\npcf " + Sha256OfFile(pcf) + "\n");
  std::string with_both =
      Sha256OfText(prv_sha + "\npcf " + Sha256OfFile(pcf) + "\nrow " + Sha256OfFile(row) + "\n");
  EXPECT_EQ(database.Rows("SELECT id, sha256 FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|" + prv_sha, "2|" + with_pcf, "3|" + with_both}));
  EXPECT_EQ(database.Rows("SELECT trace_id, value FROM state_view ORDER BY trace_id"),
            (std::vector<std::string>{"1|1", "2|Running", "3|Running"}));
  EXPECT_EQ(database.Rows("SELECT trace_id, name FROM container_view WHERE name = 'main'"),
            std::vector<std::string>{"3|main"});
}

// The planner's statistics come with the load: ANALYZE of each new
// partition (PostgreSQL), of the archive's tables (SQLite). And tracedb
// query plans a cursor for all its rows, as psql would.
TEST_P(IngestCli, ALoadLeavesThePlannersStatistics) {
  TestDatabase database(GetParam(), "statistics");
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + TraceFile("stats.paje")).exit_code,
            0);
  if (sqlite()) {
    EXPECT_EQ(database.Rows("SELECT DISTINCT tbl FROM sqlite_stat1 ORDER BY tbl"),
              (std::vector<std::string>{"call_path", "container", "event", "event_summary", "link",
                                        "link_summary", "schema_version", "schema_views", "state",
                                        "state_duration", "state_profile", "state_summary", "trace",
                                        "type", "value", "variable", "variable_summary"}));
    return;
  }
  EXPECT_EQ(database.Rows("SELECT DISTINCT tablename FROM pg_stats"
                          " WHERE schemaname = 'trace_part' ORDER BY tablename"),
            (std::vector<std::string>{"call_path_1", "container_1", "event_1", "event_summary_1",
                                      "link_1", "link_summary_1", "state_1", "state_duration_1",
                                      "state_profile_1", "state_summary_1", "type_1", "value_1",
                                      "variable_1", "variable_summary_1"}));
  EXPECT_EQ(
      database.Rows("SELECT DISTINCT tablename FROM pg_stats"
                    " WHERE schemaname = 'public' AND inherited ORDER BY tablename"),
      (std::vector<std::string>{"call_path", "container", "event", "event_summary", "link",
                                "link_summary", "state", "state_duration", "state_profile",
                                "state_summary", "type", "value", "variable", "variable_summary"}));
  // Each partition keeps what its load gathered: statistics targets 0, so
  // that a later load's ANALYZE of the parents samples 100 rows of it and
  // writes none of its statistics again. `summarize --force`, which
  // replaces the summary partitions' rows, analyzes those afresh.
  const std::string kTargets =
      "SELECT count(*) FILTER (WHERE a.attstattarget IS DISTINCT FROM 0) || ' of ' || count(*)"
      " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
      " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'trace_part'"
      " AND c.relname LIKE '%\\_' || $1 AND a.attnum > 0 AND NOT a.attisdropped";
  auto targets = [&](const char* trace) {
    std::string sql = kTargets;
    sql.replace(sql.find("$1"), 2, trace);
    return database.Rows(sql).at(0);
  };
  // Which transaction wrote each statistics row of trace 1's partitions.
  auto writers = [&](const std::string& table) {
    return database.Rows(
        "SELECT c.relname || '.' || s.staattnum || ' ' || s.xmin FROM pg_statistic s"
        " JOIN pg_class c ON c.oid = s.starelid JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = 'trace_part' AND c.relname LIKE '" + table +
        "' ORDER BY c.relname, s.staattnum");
  };
  EXPECT_EQ(targets("1"), "0 of 115");
  // The rows each parent's statistics describe (pg_parent_statistics.h).
  auto described = [&] {
    return database.Rows(
        "SELECT relname || ' ' || reltuples FROM pg_class WHERE oid IN"
        " ('public.state'::regclass, 'public.container'::regclass) ORDER BY 1");
  };
  const std::vector<std::string> kOneTrace = {"container 4", "state 2"};
  EXPECT_EQ(described(), kOneTrace);
  std::vector<std::string> before = writers("%\\_1");
  EXPECT_EQ(before.size(), 115u);
  std::string other = TraceFile("other.paje", std::string(kEveryKindBody) + "# another trace\n");
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + other).exit_code, 0);
  EXPECT_EQ(writers("%\\_1"), before);
  EXPECT_EQ(targets("2"), "0 of 115");
  EXPECT_EQ(described(), kOneTrace);  // twice the rows: still a fair sample
  std::vector<std::string> summaries = writers("state_summary\\_1");
  ASSERT_EQ(summaries.size(), 9u);
  CliRun summarize = Tracedb("summarize --db " + database.url() + " --force 1");
  ASSERT_EQ(summarize.exit_code, 0) << summarize.err;
  std::vector<std::string> again = writers("state_summary\\_1");
  ASSERT_EQ(again.size(), 9u);
  for (size_t i = 0; i < again.size(); ++i) EXPECT_NE(again[i], summaries[i]);
  EXPECT_EQ(targets("1"), "0 of 115");
  std::string third = TraceFile("third.paje", std::string(kEveryKindBody) + "# a third trace\n");
  ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + third).exit_code, 0);
  EXPECT_EQ(described(), (std::vector<std::string>{"container 12", "state 6"}));
  CliRun show = Tracedb("query --db " + database.url() + " 'SHOW cursor_tuple_fraction'");
  EXPECT_EQ(show.out, "cursor_tuple_fraction\n1\n") << show.err;
}

TEST_P(IngestCli, ReadsStdinAndGzipAndStoresTheComment) {
  std::string path = TraceFile("piped.paje");
  ASSERT_EQ(std::system(("gzip -c " + path + " >" + path + ".gz").c_str()), 0);
  TestDatabase database(GetParam(), "piped");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " --comment 'run 7; \"quoted\"' - <" + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  CliRun gz = Tracedb("ingest -q --db " + db + " " + path + ".gz");
  ASSERT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(database.Rows("SELECT name, path, comment, state_count FROM trace ORDER BY id"),
            (std::vector<std::string>{"stdin|-|run 7; \"quoted\"|2",
                                      "piped.paje.gz|" + path + ".gz|NULL|2"}));
}

TEST(IngestCliArgs, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(Tracedb("ingest --db x.sqlite").exit_code, 2);
  EXPECT_EQ(Tracedb("ingest --batch-size 0 --db x.sqlite a").exit_code, 2);
}

TEST_P(IngestCli, AMissingFileIsReportedAndOthersStillLoad) {
  std::string good = TraceFile("good.paje");
  TestDatabase database(GetParam(), "missing");
  std::string db = database.url();
  CliRun run = Tracedb("ingest -q --db " + db + " /nonexistent/x.paje " + good);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "/nonexistent/x.paje: cannot open: No such file or directory\n");
  EXPECT_EQ(database.Rows("SELECT name, status FROM trace"),
            std::vector<std::string>{"good.paje|complete"});
}

// --log-level info says what was found and how long each phase took.
TEST_P(IngestCli, InfoLogSaysTheFormatCompanionsAndPhases) {
  TestDatabase database(GetParam(), "infolog");
  std::string path = TraceFile("logged.paje");
  CliRun run = Tracedb("ingest --log-level info --db '" + database.url() + "' " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::string masked = std::regex_replace(run.err, std::regex("[0-9]+\\.[0-9]+ (s|MB/s)"), "T $1");
  EXPECT_EQ(masked, "tracedb: info: " + path + ": a Pajé trace of " +
                        std::to_string(std::filesystem::file_size(path)) + " bytes\n" +
                        "tracedb: info: " + path +
                        ": read and written in T s, indexed and published in T s\n" + path +
                        ": trace 1, 10 rows in T s (T MB/s; load T s, index T s)\n");
}

// --progress draws the bar where stderr is no terminal too: each redraw
// starts with \r and an erase, the last says what happens after the rows,
// and the line is erased before the summary.
TEST_P(IngestCli, ProgressShowsABarThenThePublishStageAndLeavesACleanLine) {
  TestDatabase database(GetParam(), "progress");
  std::string path = TraceFile("progress_shown.paje");
  CliRun run = Tracedb("ingest --progress --db '" + database.url() + "' " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string redraw = "\r\x1b[K";
  std::string label = "progress_shown.paje ";
  std::regex first(
      "^\r\x1b\\[Kprogress_shown\\.paje \\[#*-*\\] +[0-9]+%  [0-9.]+M rows  "
      "[0-9.]+ MB/s");
  EXPECT_TRUE(std::regex_search(run.err, first)) << run.err;
  std::string stage = redraw + label + "[################] 100%  indexing and publishing...";
  size_t at = run.err.find(stage);
  ASSERT_NE(at, std::string::npos) << run.err;
  EXPECT_EQ(run.err.substr(at + stage.size(), redraw.size() + path.size() + 10),
            redraw + path + ": trace 1,");
  CliRun quiet = Tracedb("ingest -q --progress --force --db '" + database.url() + "' " + path);
  EXPECT_EQ(quiet.err, "");
  CliRun plain = Tracedb("ingest --force --db '" + database.url() + "' " + path);
  EXPECT_EQ(plain.err.find('\r'), std::string::npos) << plain.err;
}

// ctrl-C (or SIGTERM) in the middle of a load: the load in progress is
// abandoned and removed before the process exits, the files not loaded are
// named, and the exit status is the shell's for that signal.
TEST_P(IngestCli, AnInterruptedIngestLeavesNothingAndSaysWhatWasNotStored) {
  std::string big = WriteTempFile("interrupted.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 40M " + big).c_str()), 0);
  std::string small = TraceFile("after.paje");
  for (int signal : {SIGINT, SIGTERM}) {
    TestDatabase database(GetParam(), "interrupted" + std::to_string(signal));
    ASSERT_EQ(Tracedb("ingest -q --db " + database.url() + " " + TraceFile("first.paje")).exit_code,
              0);
    BackgroundChild load(TRACEDB_BINARY, {"ingest", "-q", "--batch-size", "5000", "--db",
                                          database.url(), big, small});
    while (load.Running() &&
           database.Rows("SELECT count(*) FROM trace") != std::vector<std::string>{"2"}) {
      usleep(2'000);
    }
    load.Signal(signal);
    ChildRun run = load.Wait();
    EXPECT_FALSE(run.signaled);
    EXPECT_EQ(run.exit_code, 128 + signal);
    EXPECT_EQ(run.err,
              "interrupted: " + big + " not stored\ninterrupted: " + small + " not stored\n");
    EXPECT_EQ(database.Rows("SELECT name, status FROM trace"),
              std::vector<std::string>{"first.paje|complete"});
    EXPECT_EQ(LoadLeftovers(database), std::vector<std::string>{});
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, IngestCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::ingest_cli_test

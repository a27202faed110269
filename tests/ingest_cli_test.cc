// tracedb ingest: rows in the database, the archive's rules (re-ingest,
// --force, failures that leave nothing), and dump --db equal to dump.
#include <gtest/gtest.h>

#include <fstream>

#include "db/sqlite_connection.h"
#include "sqlite_test_support.h"
#include "test_support.h"

namespace tracedb::testing {
namespace {

// A state, a nested state, an event with a user field, a variable and a link.
const char* kBody =
    "8 1.0 S t1 A\n"
    "9 2.0 S t1 B\n"
    "10 3.0 S t1\n"
    "12 2.5 E t2 hello\n"
    "13 1.0 V t2 5\n"
    "14 2.0 V t2 2\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

std::string TraceFile(const std::string& name, const std::string& body = kBody) {
  return WriteTempFile(name, Header() + body);
}

TEST(IngestCli, StoresEveryEntityWithNamesInTheViews) {
  std::string db = FreshDbPath("ingest.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + TraceFile("one.paje"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT id, name, format, status, container_count, state_count, event_count, "
                    "variable_count, link_count, start_time, end_time FROM trace"),
            std::vector<std::string>{"1|one.paje|paje|complete|4|2|1|2|1|0.0|3.0"});
  EXPECT_EQ(Rows(c, "SELECT container, type, value, start_time, end_time, duration, depth "
                    "FROM state_view ORDER BY start_time, depth"),
            (std::vector<std::string>{"thread1|State|A|1.0|3.0|2.0|0",
                                      "thread1|State|B|2.0|3.0|1.0|1"}));
  EXPECT_EQ(Rows(c, "SELECT container, type, start_time, end_time, value FROM variable_view "
                    "ORDER BY start_time"),
            (std::vector<std::string>{"thread2|Var|1.0|2.0|5.0", "thread2|Var|2.0|3.0|7.0"}));
  EXPECT_EQ(Rows(c, "SELECT container, type, value, key, start_container, end_container, "
                    "start_time, end_time FROM link_view"),
            std::vector<std::string>{"0|Link|m|k1|thread1|thread2|1.5|2.5"});
  EXPECT_EQ(Rows(c, "SELECT name, parent_id, start_time, end_time FROM container ORDER BY id"),
            (std::vector<std::string>{"0|NULL|0.0|3.0", "node1|0|0.0|3.0", "thread1|1|0.0|3.0",
                                      "thread2|1|0.0|3.0"}));
}

TEST(IngestCli, KeepsUserFieldsAsJson) {
  std::string header = Header();
  std::string def =
      "%EventDef PajeNewEvent 40\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% Size int\n% Note string\n%EndEventDef\n";
  std::string path = WriteTempFile("fields.paje", header + def + "40 1 E t1 x 4096 a\\\"b\n");
  std::string db = FreshDbPath("fields.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT extra, json_extract(extra, '$.Size') FROM event"),
            std::vector<std::string>{R"({"Size":"4096","Note":"a\\\"b"}|4096)"});
}

// Containers and states still open at the end of the trace reach the
// database after the reader is gone: their user fields must survive it.
TEST(IngestCli, KeepsUserFieldsOfEntitiesClosedByTheEndOfTheTrace) {
  std::string def =
      "%EventDef PajeCreateContainer 41\n% Time date\n% Alias string\n% Type string\n"
      "% Container string\n% Name string\n% Rank string\n%EndEventDef\n"
      "%EventDef PajePushState 42\n% Time date\n% Type string\n% Container string\n"
      "% Value string\n% Where string\n%EndEventDef\n";
  std::string path = WriteTempFile("open_fields.paje",
                                   Header() + def + "41 1 t9 T n1 thread9 rank_nine\n" +
                                       "42 2 S t9 A solver.c:12\n");
  std::string db = FreshDbPath("open_fields.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT name, extra FROM container WHERE extra IS NOT NULL"),
            std::vector<std::string>{R"(thread9|{"Rank":"rank_nine"})"});
  EXPECT_EQ(Rows(c, "SELECT extra FROM state"),
            std::vector<std::string>{R"({"Where":"solver.c:12"})"});
  CliRun file = Tracedb("dump -u " + path);
  CliRun stored = Tracedb("dump -u --db " + db + " open_fields.paje");
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
}

TEST(IngestCli, DumpOfTheStoredTraceEqualsDumpOfTheFile) {
  std::string path = TraceFile("round.paje");
  std::string db = FreshDbPath("round.sqlite");
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + path).exit_code, 0);
  for (std::string u : {"", "-u "}) {
    CliRun file = Tracedb("dump " + u + path);
    CliRun stored = Tracedb("dump " + u + "--db " + db + " round.paje");
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  }
}

TEST(IngestCli, ABadTraceAmongGoodOnesFailsAloneAndLeavesNoRows) {
  std::string a = TraceFile("a.paje");
  std::string b = TraceFile("b.paje", "8 1.0 S t1 A\n12 2.0 E nosuch x\n");
  std::string c = TraceFile("c.paje", "8 5.0 S t2 A\n");
  std::string db = FreshDbPath("abc.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " " + a + " " + b + " " + c);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, b + ":" + std::to_string(BodyLine(2)) + ": unknown container 'nosuch'\n");
  SqliteConnection conn(db);
  EXPECT_EQ(Rows(conn, "SELECT id, name, status, error IS NOT NULL FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|a.paje|complete|0", "2|b.paje|failed|1",
                                      "3|c.paje|complete|0"}));
  EXPECT_EQ(Rows(conn, "SELECT count(*) FROM state WHERE trace_id = 2"),
            std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(conn, "SELECT count(*) FROM container WHERE trace_id = 2"),
            std::vector<std::string>{"0"});
}

TEST(IngestCli, SameContentIsSkippedUnlessForced) {
  std::string path = TraceFile("again.paje");
  std::string db = FreshDbPath("again.sqlite");
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + path).exit_code, 0);
  CliRun again = Tracedb("ingest --db " + db + " " + path);
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.err, path + ": already in the database as trace 1 (same content); skipped, "
                              "--force replaces it\n");
  CliRun forced = Tracedb("ingest -q --force --db " + db + " " + path);
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT id, status FROM trace"), std::vector<std::string>{"2|complete"});
  EXPECT_EQ(Rows(c, "SELECT DISTINCT trace_id FROM state"), std::vector<std::string>{"2"});
}

TEST(IngestCli, ReadsStdinAndGzipAndStoresTheComment) {
  std::string path = TraceFile("piped.paje");
  ASSERT_EQ(std::system(("gzip -c " + path + " >" + path + ".gz").c_str()), 0);
  std::string db = FreshDbPath("piped.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " --comment 'run 7; \"quoted\"' - <" + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  CliRun gz = Tracedb("ingest -q --db " + db + " " + path + ".gz");
  ASSERT_EQ(gz.exit_code, 0) << gz.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT name, path, comment, state_count FROM trace ORDER BY id"),
            (std::vector<std::string>{"stdin|-|run 7; \"quoted\"|2",
                                      "piped.paje.gz|" + path + ".gz|NULL|2"}));
}

TEST(IngestCli, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(Tracedb("ingest --db x.sqlite").exit_code, 2);
  EXPECT_EQ(Tracedb("ingest --batch-size 0 --db x.sqlite a").exit_code, 2);
  CliRun pg = Tracedb("ingest --db postgresql://u@h/db a");
  EXPECT_EQ(pg.exit_code, 2);
}

TEST(IngestCli, AMissingFileIsReportedAndOthersStillLoad) {
  std::string good = TraceFile("good.paje");
  std::string db = FreshDbPath("missing.sqlite");
  CliRun run = Tracedb("ingest -q --db " + db + " /nonexistent/x.paje " + good);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "/nonexistent/x.paje: cannot open: No such file or directory\n");
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT name, status FROM trace"),
            std::vector<std::string>{"good.paje|complete"});
}

}  // namespace
}  // namespace tracedb::testing

namespace tracedb::testing {
namespace {

bool Exists(const std::string& path) { return std::ifstream(path).good(); }

// SIGKILL in the middle of a load: the archive keeps its other traces, the
// next command removes the interrupted trace and its scratch file, and the
// same file then loads.
TEST(IngestCli, AKilledIngestIsCleanedUpAndCanBeRedone) {
  std::string big = WriteTempFile("big.paje", "");
  ASSERT_EQ(std::system((std::string(TRACEDB_GEN) + " --size 40M " + big).c_str()), 0);
  std::string db = FreshDbPath("killed.sqlite");
  std::string first = WriteTempFile("first.paje", Header() + kBody);
  ASSERT_EQ(Tracedb("ingest -q --db " + db + " " + first).exit_code, 0);
  std::string scratch = db + ".load-2";
  std::string script = std::string(TRACEDB_BINARY) + " ingest -q --db " + db + " " + big +
                       " & pid=$!; while [ ! -s " + scratch +
                       " ]; do sleep 0.01; done; sleep 0.2; kill -9 $pid; wait $pid; exit 0";
  ASSERT_EQ(std::system(script.c_str()), 0);
  ASSERT_TRUE(Exists(scratch));
  {
    SqliteConnection c(db);
    EXPECT_EQ(Rows(c, "SELECT id, status FROM trace ORDER BY id"),
              (std::vector<std::string>{"1|complete", "2|loading"}));
    EXPECT_EQ(Rows(c, "SELECT count(*) FROM state WHERE trace_id = 2"),
              std::vector<std::string>{"0"});
  }
  CliRun list = Tracedb("list --db " + db);
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.err, "tracedb: warning: " + db +
                          ": removed trace 2 (big.paje), whose ingest was interrupted\n");
  EXPECT_FALSE(Exists(scratch));
  CliRun again = Tracedb("ingest -q --db " + db + " " + big);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  SqliteConnection c(db);
  EXPECT_EQ(Rows(c, "SELECT id, name, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|first.paje|complete", "3|big.paje|complete"}));
  EXPECT_EQ(Rows(c, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

}  // namespace
}  // namespace tracedb::testing

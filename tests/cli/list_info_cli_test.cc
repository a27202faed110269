// tracedb list and info, compared with their exact output, on both backends:
// every column in text, CSV and JSON, failed, loading and interrupted
// traces, the trace arguments; dump --db of a stored trace; and the errors
// of an empty, missing or unreachable archive, which never show a password.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "archive_cli.h"
#include "db/loader_process.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_load.h"
#include "db/sqlite/sqlite_connection.h"
#include "input/file_digest.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::archive_cli::list_info_cli_test {
namespace {

// What changes from run to run: when, where and by which process a trace
// was loaded. Timestamps keep their width, so tables stay aligned.
std::string Masked(std::string text) {
  text = std::regex_replace(text, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"),
                            "YYYY-MM-DDTHH:MM:SSZ");
  text = std::regex_replace(text, std::regex(R"("loader_pid":\d+)"), "\"loader_pid\":PID");
  text = std::regex_replace(text, std::regex(R"(loader_pid( +)\d+)"), "loader_pid$1PID");
  text = Replaced(text, "\"loader_host\":\"" + ThisHost() + "\"", "\"loader_host\":\"HOST\"");
  return Replaced(text, "loader_host      " + ThisHost() + "\n", "loader_host      HOST\n");
}

// A pid that surely ran on this host and is gone: a child that exited and
// was reaped.
int64_t DeadPid() {
  pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

TEST_P(ArchiveCli, ListShowsOneAlignedRowPerTrace) {
  CliRun run = Run("list", "");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(Masked(run.out),
            "id  name        status    ingested_at             size  rows   span  comment\n"
            " 1  ring.paje   complete  YYYY-MM-DDTHH:MM:SSZ  5.6 kB    97  1.810\n"
            " 2  small.paje  complete  YYYY-MM-DDTHH:MM:SSZ  2.1 kB    10  3.000  second, small\n");
}

// Nothing to load: said at once, exit 1, and no trace row of any status.
TEST_P(ArchiveCli, AnEmptyOrNonTraceFileIsRefusedAndNothingIsStored) {
  std::string empty = WriteTempFile("empty.paje", "");
  std::string notes = WriteTempFile("notes.txt", "hello world\n");
  CliRun run = Run("ingest", empty + " " + notes + " - < " + empty);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, empty + ": empty file\n" + notes +
                         ": not a Pajé, Paraver or OTF2 trace (it starts with \"hello world\")\n"
                         "-: empty file\n");
  EXPECT_EQ(Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|complete", "2|complete"}));
  CliRun dump = Tracedb("dump " + empty);
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, empty + ": empty file\n");
}

// --csv: every column of the trace table, as --json has them.
TEST_P(ArchiveCli, ListCsvHasEveryTraceColumn) {
  CliRun run = Run("list", "--csv");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> lines;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 3u) << run.out;
  EXPECT_EQ(lines[0],
            "id,name,path,format,size_bytes,sha256,comment,ingested_at,tool_version,status,error,"
            "loader_host,loader_pid,start_time,end_time,container_count,state_count,event_count,"
            "variable_count,link_count,metadata,skipped_lines,skipped_errors,tags,time_unit");
  EXPECT_EQ(lines[2].substr(0, lines[2].find(",2", 2)), "2,small.paje," + small_ + ",paje");
  EXPECT_EQ(Run("list", "--csv --json").exit_code, 2);
}

TEST_P(ArchiveCli, ListJsonHasEveryTraceColumn) {
  CliRun run = Run("list", "--json");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Masked(run.out),
            "[\n"
            "{\"id\":1,\"name\":\"ring.paje\",\"path\":\"" +
                ring_ + "\",\"format\":\"paje\",\"size_bytes\":5621,\"sha256\":\"" +
                Sha256OfFile(ring_) +
                "\",\"comment\":null,\"ingested_at\":\"YYYY-MM-DDTHH:MM:SSZ\","
                "\"tool_version\":\"0.1.0\",\"status\":\"complete\",\"error\":null,"
                "\"loader_host\":\"HOST\",\"loader_pid\":PID,\"start_time\":0.0,"
                "\"end_time\":1.81,\"container_count\":8,\"state_count\":48,\"event_count\":3,"
                "\"variable_count\":26,\"link_count\":12,\"metadata\":null,\"skipped_lines\":0,"
                "\"skipped_errors\":null,\"tags\":null,\"time_unit\":\"s\"},\n"
                "{\"id\":2,\"name\":\"small.paje\",\"path\":\"" +
                small_ + "\",\"format\":\"paje\",\"size_bytes\":" +
                std::to_string(std::filesystem::file_size(small_)) + ",\"sha256\":\"" +
                Sha256OfFile(small_) +
                "\",\"comment\":\"second, small\",\"ingested_at\":\"YYYY-MM-DDTHH:MM:SSZ\","
                "\"tool_version\":\"0.1.0\",\"status\":\"complete\",\"error\":null,"
                "\"loader_host\":\"HOST\",\"loader_pid\":PID,\"start_time\":0.0,"
                "\"end_time\":3.0,\"container_count\":4,\"state_count\":3,\"event_count\":1,"
                "\"variable_count\":1,\"link_count\":1,\"metadata\":null,\"skipped_lines\":0,"
                "\"skipped_errors\":null,\"tags\":null,\"time_unit\":\"s\"}\n"
                "]\n");
}

TEST_P(ArchiveCli, ListShowsFailedAndLoadingTracesAndRemovesInterruptedOnes) {
  std::string bad = WriteTempFile("bad.paje", Header() + "8 1.0 S nosuch A\n");
  EXPECT_EQ(Tracedb("ingest -q --db " + db_ + " " + bad).exit_code, 1);  // trace 3, failed
  // Trace 4 loads in this (live) process; trace 5's loader is gone. On
  // PostgreSQL, a live loader is one that holds its trace's advisory lock.
  std::optional<PgConnection> loader;
  if (!sqlite()) {
    loader.emplace(db_);
    pqxx::nontransaction(loader->get())
        .exec("SELECT pg_advisory_lock(" + std::to_string(kLoadLock) + ", 4)");
  }
  {
    database_->Exec(
        "INSERT INTO trace (name, path, format, sha256, ingested_at, tool_version, status,"
        " loader_host, loader_pid) VALUES"
        " ('live.paje', '/x', 'paje', '00', '2026-01-01T00:00:00Z', '0.1.0', 'loading', '" +
        ThisHost() + "', " + std::to_string(getpid()) +
        "), ('dead.paje', '/y', 'paje', '01', '2026-01-01T00:00:00Z', '0.1.0', 'loading', '" +
        ThisHost() + "', " + std::to_string(DeadPid()) + ")");
  }
  CliRun run = Run("list", "");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "tracedb: warning: " + db_ +
                         ": removed trace 5 (dead.paje), whose ingest was interrupted\n");
  // The error is cut to 60 characters: "error: " and the start of "PATH:LINE: problem".
  std::string error = bad + ":" + std::to_string(BodyLine(1)) + ": unknown container 'nosuch'";
  std::string shown = error.size() <= 60 ? error : error.substr(0, 57) + "...";
  EXPECT_EQ(Masked(run.out),
            "id  name        status    ingested_at             size  rows   span  comment\n"
            " 1  ring.paje   complete  YYYY-MM-DDTHH:MM:SSZ  5.6 kB    97  1.810\n"
            " 2  small.paje  complete  YYYY-MM-DDTHH:MM:SSZ  2.1 kB    10  3.000  second, small\n"
            " 3  bad.paje    failed    YYYY-MM-DDTHH:MM:SSZ  2.0 kB               error: " +
                shown +
                "\n"
                " 4  live.paje   loading   YYYY-MM-DDTHH:MM:SSZ\n");
  EXPECT_EQ(Run("info", "5").exit_code, 1);
}

TEST_P(ArchiveCli, InfoShowsTheTraceRowAndRowsPerType) {
  CliRun run = Run("info", "2");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(Masked(run.out),
            "id               2\n"
            "name             small.paje\n"
            "path             " +
                small_ +
                "\n"
                "format           paje\n"
                "size_bytes       " +
                std::to_string(std::filesystem::file_size(small_)) +
                "\n"
                "sha256           " +
                Sha256OfFile(small_) +
                "\n"
                "comment          second, small\n"
                "ingested_at      YYYY-MM-DDTHH:MM:SSZ\n"
                "tool_version     0.1.0\n"
                "status           complete\n"
                "error\n"
                "loader_host      HOST\n"
                "loader_pid       PID\n"
                "start_time       0.0\n"
                "end_time         3.0\n"
                "container_count  4\n"
                "state_count      3\n"
                "event_count      1\n"
                "variable_count   1\n"
                "link_count       1\n"
                "metadata\n"
                "skipped_lines    0\n"
                "skipped_errors\n"
                "tags\n"
                "time_unit        s\n"
                "\n"
                "id  kind       name    alias  rows\n"
                " 0  container  0                 1\n"
                " 1  container  Node    N         1\n"
                " 2  container  Thread  T         2\n"
                " 3  state      State   S         3\n"
                " 4  event      Ev      E         1\n"
                " 5  variable   Var     V         1\n"
                " 6  link       Link    L         1\n");
  EXPECT_EQ(Run("info", "small.paje").out, run.out);
}

TEST_P(ArchiveCli, InfoJsonIsOneObjectWithItsTypes) {
  CliRun run = Run("info", "--json ring.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Masked(run.out),
            "{\"id\":1,\"name\":\"ring.paje\",\"path\":\"" + ring_ +
                "\",\"format\":\"paje\",\"size_bytes\":5621,\"sha256\":\"" + Sha256OfFile(ring_) +
                "\",\"comment\":null,\"ingested_at\":\"YYYY-MM-DDTHH:MM:SSZ\","
                "\"tool_version\":\"0.1.0\",\"status\":\"complete\",\"error\":null,"
                "\"loader_host\":\"HOST\",\"loader_pid\":PID,\"start_time\":0.0,"
                "\"end_time\":1.81,\"container_count\":8,\"state_count\":48,\"event_count\":3,"
                "\"variable_count\":26,\"link_count\":12,\"metadata\":null,\"skipped_lines\":0,"
                "\"skipped_errors\":null,\"tags\":null,\"time_unit\":\"s\",\"types\":["
                "{\"id\":0,\"kind\":\"container\",\"name\":\"0\",\"alias\":null,\"rows\":1},"
                "{\"id\":1,\"kind\":\"container\",\"name\":\"Cluster\",\"alias\":\"CLUSTER\","
                "\"rows\":1},"
                "{\"id\":2,\"kind\":\"container\",\"name\":\"Node\",\"alias\":\"NODE\",\"rows\":2},"
                "{\"id\":3,\"kind\":\"container\",\"name\":\"MPI rank\",\"alias\":\"RANK\","
                "\"rows\":4},"
                "{\"id\":4,\"kind\":\"state\",\"name\":\"MPI state\",\"alias\":\"STATE\","
                "\"rows\":48},"
                "{\"id\":5,\"kind\":\"event\",\"name\":\"Marker\",\"alias\":\"MARK\",\"rows\":3},"
                "{\"id\":6,\"kind\":\"variable\",\"name\":\"Memory used\",\"alias\":\"MEM\","
                "\"rows\":26},"
                "{\"id\":7,\"kind\":\"link\",\"name\":\"Message\",\"alias\":\"MSG\",\"rows\":12}"
                "]}\n");
}

TEST_P(ArchiveCli, InfoOfAnUnknownOrAmbiguousTraceFails) {
  CliRun unknown = Run("info", "nosuch.paje");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err, "tracedb: " + db_ + ": no trace 'nosuch.paje' (see tracedb list)\n");
  EXPECT_EQ(Run("info", "99").err, "tracedb: " + db_ + ": no trace '99' (see tracedb list)\n");
  // Another small.paje, with other content: the name now means two traces.
  std::filesystem::create_directories(std::filesystem::path(small_).parent_path() / "other");
  std::string other = (std::filesystem::path(small_).parent_path() / "other/small.paje").string();
  WriteTempFile("other/small.paje", Header() + "8 1.0 S t1 A\n");
  Ingest(other);
  CliRun ambiguous = Run("info", "small.paje");
  EXPECT_EQ(ambiguous.exit_code, 1);
  EXPECT_EQ(ambiguous.err, "tracedb: " + db_ +
                               ": trace name \"small.paje\" is ambiguous: ids 2 (complete), 3 "
                               "(complete); use an id\n");
}

// A trace named "1" beside trace 1: a bare 1 is refused, id:1 and name:1
// say which (the lookup is shared, db/trace_lookup.h; this checks both
// backends feed it).
TEST_P(ArchiveCli, TraceArgumentsSayIdOrName) {
  std::filesystem::path folder = std::filesystem::path(small_).parent_path() / "digits";
  std::filesystem::create_directories(folder);
  WriteTempFile("digits/1", Header() + "8 1.0 S t1 A\n");
  Ingest((folder / "1").string());
  CliRun bare = Run("info", "1");
  EXPECT_EQ(bare.exit_code, 1);
  EXPECT_EQ(bare.err, "tracedb: " + db_ +
                          ": \"1\" is both the id of trace 1 (ring.paje) and the name of trace 3 "
                          "(complete); say id:1 or name:1\n");
  CliRun by_id = Run("dump", "id:2");
  EXPECT_EQ(by_id.exit_code, 0) << by_id.err;
  EXPECT_EQ(SortedLines(by_id.out), SortedLines(Tracedb("dump " + small_).out));
  CliRun by_name = Run("dump", "name:1");
  EXPECT_EQ(by_name.exit_code, 0) << by_name.err;
  EXPECT_EQ(SortedLines(by_name.out), SortedLines(Tracedb("dump " + (folder / "1").string()).out));
  EXPECT_EQ(Run("info", "id:9").err, "tracedb: " + db_ + ": no trace 'id:9' (see tracedb list)\n");
  EXPECT_EQ(Run("delete", "name:1").exit_code, 0);
  EXPECT_EQ(Rows("SELECT id FROM trace ORDER BY id"), (std::vector<std::string>{"1", "2"}));
}

// The ring between two others (SQLite reads its rows by range of rowid):
// the lines of the file's dump, no more, no fewer.
TEST_P(ArchiveCli, DumpOfATraceBetweenOthersPrintsItsOwnLines) {
  ASSERT_EQ(Run("delete", "1").exit_code, 0);
  Ingest(ring_);
  Ingest(WriteTempFile("small-copy.paje", "# a copy\n" + FileBytes(small_)));
  CliRun stored = Run("dump", "ring.paje");
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  CliRun file = Tracedb("dump " + ring_);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  EXPECT_EQ(Rows("SELECT id, name FROM trace ORDER BY id"),
            (std::vector<std::string>{"2|small.paje", "3|ring.paje", "4|small-copy.paje"}));
}

// dump --db reads its tables with a reader per thread, each printing whole
// lines: the same lines whatever the count; one thread prints them table by
// table, containers first.
TEST_P(ArchiveCli, DumpOfAStoredTracePrintsTheSameLinesOnAnyNumberOfThreads) {
  CliRun file = Tracedb("dump " + ring_);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  CliRun one = Tracedb("dump --threads 1 --db " + db_ + " ring.paje");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(SortedLines(one.out), SortedLines(file.out));
  EXPECT_EQ(one.out.substr(0, one.out.find('\n')), "Container, 0, 0, 0, 1.81, 1.81, 0");
  for (const char* threads : {"2", "3", "8"}) {
    CliRun many = Tracedb(std::string("dump --threads ") + threads + " --db " + db_ + " ring.paje");
    ASSERT_EQ(many.exit_code, 0) << many.err;
    EXPECT_EQ(SortedLines(many.out), SortedLines(file.out)) << threads;
  }
}

// A row that names what its trace lacks (an archive edited by hand) fails
// the dump with the same message on one thread or several; the reader that
// met it stops the others.
TEST_P(ArchiveCli, DumpOfARowThatNamesAnUnknownTypeFailsOnAnyNumberOfThreads) {
  database_->Exec("UPDATE state SET type_id = 999 WHERE trace_id = 1");
  for (const char* threads : {"1", "2", "5"}) {
    CliRun run = Tracedb(std::string("dump --threads ") + threads + " --db " + db_ + " 1");
    EXPECT_EQ(run.exit_code, 1) << threads;
    EXPECT_EQ(run.err, "tracedb: " + database_->display() +
                           ": a row names type 999, which the trace lacks\n")
        << threads;
  }
}

TEST(ArchiveCliEmpty, ListOfAnEmptyArchiveSaysSoOnStderrOnly) {
  std::string db = FreshDbPath("empty.sqlite");
  { SqliteConnection create(db); }
  CliRun run = Tracedb("list --db " + db);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, db + ": no traces yet; add some with tracedb ingest --db " + db + " FILE\n");
  CliRun json = Tracedb("list --json --db " + db);
  EXPECT_EQ(json.out, "[]\n");
  EXPECT_EQ(json.err, "");
}

TEST(ArchiveCliEmpty, MissingDatabaseIsAnErrorAndNotCreated) {
  std::string db = FreshDbPath("missing.sqlite");
  for (const char* command : {"list", "info 1", "delete 1", "query 'SELECT 1'"}) {
    CliRun run = Tracedb(std::string(command) + " --db " + db);
    EXPECT_EQ(run.exit_code, 1) << command;
    EXPECT_EQ(run.err, "tracedb: " + db + ": no such database (tracedb ingest --db " + db +
                           " FILE creates it)\n")
        << command;
  }
  EXPECT_FALSE(std::filesystem::exists(db));
}

// libpq's own message names the host; the password in the URL never shows.
TEST(ArchiveCliEmpty, AnUnreachableServerIsNamedWithoutItsPassword) {
  for (const char* command : {"list", "info 1", "delete 1", "query 'SELECT 1'", "dump 1",
                              "ingest " TRACEDB_SOURCE_DIR "/examples/ring.paje"}) {
    CliRun run =
        Tracedb(std::string(command) + " --db postgresql://alice:s3cret@127.0.0.1:1/traces");
    EXPECT_EQ(run.exit_code, 1) << command;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(run.err.rfind("tracedb: postgresql://alice@127.0.0.1:1/traces: connection to server "
                            "at \"127.0.0.1\", port 1 failed: Connection refused",
                            0),
              0u)
        << command << ": " << run.err;
    EXPECT_EQ(run.err.find("s3cret"), std::string::npos) << command;
  }
}

// Text libpq cannot parse, or other forms that carry a password: the message
// names what it can and never the password.
TEST(ArchiveCliEmpty, BadConnectionStringsNeverShowThePassword) {
  struct Case {
    const char* db;
    const char* err;
  };
  const Case cases[] = {
      {"'postgresql://alice:s3cret@[bad/x'",
       "tracedb: postgresql (unparsable connection string): end of string reached when looking "
       "for matching \"]\" in IPv6 host address in URI: \"...\"\n"},
      {"\"host=db1 password='s3cret\"",
       "tracedb: postgresql (unparsable connection string): unterminated quoted string in "
       "connection info string\n"},
      {"'host=127.0.0.1 port=1 user=alice password=s3cret dbname=t'",
       "tracedb: postgresql://alice@127.0.0.1:1/t: connection to server at \"127.0.0.1\", port 1 "
       "failed: Connection refused"},
      {"'postgresql://127.0.0.1:1/t?user=alice&password=s3cret'",
       "tracedb: postgresql://alice@127.0.0.1:1/t: connection to server at \"127.0.0.1\", port 1 "
       "failed: Connection refused"},
      {"postgresql://alice:s3cret@no-such-host.invalid/traces",
       "tracedb: postgresql://alice@no-such-host.invalid/traces: could not translate host name "
       "\"no-such-host.invalid\" to address"},
  };
  for (const Case& c : cases) {
    for (const char* command : {"list", "ingest " TRACEDB_SOURCE_DIR "/examples/ring.paje"}) {
      CliRun run = Tracedb(std::string(command) + " --db " + c.db);
      EXPECT_EQ(run.exit_code, 1) << c.db << " " << command;
      EXPECT_EQ(run.err.rfind(c.err, 0), 0u) << c.db << " " << command << ": " << run.err;
      EXPECT_EQ(run.err.find("s3cret"), std::string::npos) << c.db << " " << command;
    }
  }
}

}  // namespace
}  // namespace tracedb::testing::archive_cli::list_info_cli_test

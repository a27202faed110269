// The archive commands: tracedb list, info, delete and query, compared with
// their exact output, on both backends. Two traces: examples/ring.paje
// (trace 1) and a small one written here (trace 2).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <thread>

#include "db/loader_process.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_load.h"
#include "db/sqlite/sqlite_connection.h"
#include "input/file_digest.h"
#include "support/backend_support.h"
#include "support/background_child.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::archive_cli_test {
namespace {

// Nested states on thread1, one on thread2, an event, a variable, a link;
// the trace ends at 3.0.
const char* kSmallBody =
    "8 1.0 S t1 A\n"
    "9 2.0 S t1 B\n"
    "10 3.0 S t1\n"
    "8 1.5 S t2 A\n"
    "12 2.5 E t2 hello\n"
    "13 1.0 V t2 5\n"
    "16 1.5 L 0 m t1 k1\n"
    "17 2.5 L 0 m t2 k1\n";

// Single quotes for the shell.
std::string Quoted(const std::string& text) {
  return "'" + std::regex_replace(text, std::regex("'"), "'\\''") + "'";
}

// Replaces every `from` in `text` by `to`.
std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

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

class ArchiveCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "archive");
    db_ = database_->url();
    Ingest(ring_);
    Ingest("--comment " + Quoted("second, small") + " " + small_);
  }

  void Ingest(const std::string& args) {
    CliRun run = Tracedb("ingest -q --db " + db_ + " " + args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  CliRun Run(const std::string& command, const std::string& args) {
    return Tracedb(command + " --db " + db_ + " " + args);
  }

  CliRun Query(const std::string& options, const std::string& sql) {
    return Run("query", options + " " + Quoted(sql));
  }

  std::vector<std::string> Rows(const std::string& sql) { return database_->Rows(sql); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }

  std::unique_ptr<TestDatabase> database_;
  std::string db_;
  std::string ring_ =
      std::filesystem::absolute(std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje")
          .lexically_normal()
          .string();
  std::string small_ = WriteTempFile("small.paje", Header() + kSmallBody);
};

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
                         ": not a Pajé or Paraver trace (it starts with \"hello world\")\n"
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
            "variable_count,link_count,metadata,skipped_lines,skipped_errors,tags");
  EXPECT_EQ(lines[2].substr(0, lines[2].find(",2", 2)), "2,small.paje," + small_ + ",paje");
  EXPECT_EQ(Run("list", "--csv --json").exit_code, 2);
}

// JSON: booleans are true and false, and tracedb's JSON columns (extra,
// metadata) come out as objects, not as strings holding JSON.
TEST_P(ArchiveCli, QueryJsonNestsJsonColumnsAndWritesBooleans) {
  std::string sql = sqlite()
                        ? "SELECT '{\"Mark\":\"a\"}' AS extra, '{bad' AS metadata, 'x' AS other"
                        : "SELECT '{\"Mark\":\"a\"}' AS extra, '{bad' AS metadata, 'x' AS other,"
                          " 1 = 1 AS yes, '[1, 2]'::jsonb AS j";
  CliRun run = Query("--json", sql);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            sqlite() ? "[\n{\"extra\":{\"Mark\":\"a\"},\"metadata\":\"{bad\",\"other\":\"x\"}\n]\n"
                     : "[\n{\"extra\":{\"Mark\":\"a\"},\"metadata\":\"{bad\",\"other\":\"x\","
                       "\"yes\":true,\"j\":[1, 2]}\n]\n");
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
                "\"skipped_errors\":null,\"tags\":null},\n"
                "{\"id\":2,\"name\":\"small.paje\",\"path\":\"" +
                small_ + "\",\"format\":\"paje\",\"size_bytes\":" +
                std::to_string(std::filesystem::file_size(small_)) + ",\"sha256\":\"" +
                Sha256OfFile(small_) +
                "\",\"comment\":\"second, small\",\"ingested_at\":\"YYYY-MM-DDTHH:MM:SSZ\","
                "\"tool_version\":\"0.1.0\",\"status\":\"complete\",\"error\":null,"
                "\"loader_host\":\"HOST\",\"loader_pid\":PID,\"start_time\":0.0,"
                "\"end_time\":3.0,\"container_count\":4,\"state_count\":3,\"event_count\":1,"
                "\"variable_count\":1,\"link_count\":1,\"metadata\":null,\"skipped_lines\":0,"
                "\"skipped_errors\":null,\"tags\":null}\n"
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
                "\"skipped_errors\":null,\"tags\":null,\"types\":["
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

TEST_P(ArchiveCli, QueryCsvPrintsExactRows) {
  CliRun run = Query("--csv",
                     "SELECT trace_id, value, count(*) AS n, min(start_time) AS first"
                     " FROM state_view GROUP BY trace_id, value ORDER BY trace_id, value");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out,
            "trace_id,value,n,first\n"
            "1,Computing,12,0.01\n"
            "1,MPI_Barrier,12,0.56\n"
            "1,MPI_Recv,12,0.522\n"
            "1,MPI_Send,12,0.51\n"
            "2,A,2,1.0\n"
            "2,B,1,2.0\n");
}

TEST_P(ArchiveCli, QueryCsvQuotesAndTellsNullFromEmpty) {
  CliRun run = Query("--csv", "SELECT 'a,\"b\"' AS q, NULL AS n, '' AS e, 'two\nlines' AS l");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "q,n,e,l\n\"a,\"\"b\"\"\",,\"\",\"two\nlines\"\n");
}

TEST_P(ArchiveCli, QueryJsonHasNumbersNullsAndStrings) {
  CliRun run = Query("--json",
                     "SELECT container, value, start_time, end_time, depth, extra"
                     " FROM state_view WHERE trace_id = 2 ORDER BY container, start_time");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "[\n"
            "{\"container\":\"thread1\",\"value\":\"A\",\"start_time\":1.0,\"end_time\":3.0,"
            "\"depth\":0,\"extra\":null},\n"
            "{\"container\":\"thread1\",\"value\":\"B\",\"start_time\":2.0,\"end_time\":3.0,"
            "\"depth\":1,\"extra\":null},\n"
            "{\"container\":\"thread2\",\"value\":\"A\",\"start_time\":1.5,\"end_time\":3.0,"
            "\"depth\":0,\"extra\":null}\n"
            "]\n");
  EXPECT_EQ(Query("--json", "SELECT 1 AS x WHERE 1 = 0").out, "[]\n");
  EXPECT_EQ(Query("--json", "SELECT 'say \"hi\"\\' AS s").out,
            "[\n{\"s\":\"say \\\"hi\\\"\\\\\"}\n]\n");
}

// A JSON reader keeps one value per key: a repeated column name (SELECT *
// of a join) is suffixed, past the names the other columns take.
TEST_P(ArchiveCli, QueryJsonKeepsEveryColumnOfARepeatedName) {
  CliRun run = Query("--json",
                     "SELECT t.id, c.id, c.name, t.name FROM trace t JOIN container c"
                     " ON c.trace_id = t.id WHERE t.id = 2 AND c.name = 'thread1'");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "[\n{\"id\":2,\"id_2\":2,\"name\":\"thread1\",\"name_2\":\"small.paje\"}\n]\n");
  EXPECT_EQ(Query("--json", "SELECT 1 AS a, 2 AS a, 3 AS a_2").out,
            "[\n{\"a\":1,\"a_3\":2,\"a_2\":3}\n]\n");
  EXPECT_EQ(Query("--csv", "SELECT 1 AS a, 2 AS a").out, "a,a\n1,2\n");
}

TEST_P(ArchiveCli, QueryPrintsAnAlignedTableByDefault) {
  CliRun run = Query("",
                     "SELECT value, count(*) AS n, NULL AS none FROM state_view"
                     " GROUP BY value ORDER BY value");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "value         n  none\n"
            "A             2\n"
            "B             1\n"
            "Computing    12\n"
            "MPI_Barrier  12\n"
            "MPI_Recv     12\n"
            "MPI_Send     12\n");
}

TEST_P(ArchiveCli, QueryRefusesWrites) {
  std::vector<std::string> writes = {"DELETE FROM trace", "UPDATE trace SET name = 'x'",
                                     "CREATE TABLE t (x INTEGER)", "DROP VIEW state_view"};
  if (sqlite()) writes.push_back("VACUUM");
  for (const std::string& sql : writes) {
    CliRun run = Query("", sql);
    EXPECT_EQ(run.exit_code, 1) << sql;
    EXPECT_EQ(run.out, "") << sql;
    EXPECT_EQ(run.err, "tracedb: " + db_ +
                           ": tracedb query is read-only and this statement would write"
                           " (tracedb delete removes traces)\n")
        << sql;
  }
  // Turning query_only off is allowed, but the statement ends there.
  if (sqlite()) {
    EXPECT_EQ(Query("", "PRAGMA query_only = OFF").exit_code, 0);
  }
  EXPECT_EQ(Rows("SELECT id, name FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|ring.paje", "2|small.paje"}));
}

// SQLite's ATTACH counts as reading (query_only and sqlite3_stmt_readonly
// let it through), yet made an empty file where the one it names was not;
// PostgreSQL has no such statement. Neither creates the file.
TEST_P(ArchiveCli, QueryAttachesNoOtherDatabase) {
  std::string other = (std::filesystem::path(small_).parent_path() / "attached.sqlite").string();
  std::filesystem::remove(other);
  CliRun run = Query("", "ATTACH DATABASE '" + other + "' AS other");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  // PostgreSQL's second line shortens the statement, as long as the path is.
  EXPECT_EQ(run.err.substr(0, run.err.find('\n') + 1),
            "tracedb: " + db_ +
                (sqlite() ? ": ATTACH and DETACH are refused: a reading command uses this"
                            " database only\n"
                          : ": syntax error at or near \"ATTACH\"\n"));
  EXPECT_FALSE(std::filesystem::exists(other));
  if (sqlite()) {
    EXPECT_EQ(Query("", "DETACH DATABASE temp").err,
              "tracedb: " + db_ +
                  ": ATTACH and DETACH are refused: a reading command uses this database only\n");
  }
  EXPECT_EQ(Rows("SELECT id, name FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|ring.paje", "2|small.paje"}));
}

TEST_P(ArchiveCli, QuerySqlErrorsNameTheDatabase) {
  CliRun run = Query("--csv", "SELEC 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  // PostgreSQL's lines after the first stay, as psql shows them.
  EXPECT_EQ(run.err, "tracedb: " + db_ +
                         (sqlite() ? ": near \"SELEC\": syntax error\n"
                                   : ": syntax error at or near \"SELEC\"\n"
                                     "LINE 1: SELEC 1\n"
                                     "        ^\n"));
  EXPECT_EQ(Query("", "SELECT * FROM nosuch").err,
            "tracedb: " + db_ +
                (sqlite() ? ": no such table: nosuch\n"
                          : ": relation \"nosuch\" does not exist\n"
                            "LINE 1: SELECT * FROM nosuch\n"
                            "                      ^\n"));
  if (!sqlite()) {
    EXPECT_EQ(Query("", "SELECT nme FROM trace").err,
              "tracedb: " + db_ +
                  ": column \"nme\" does not exist\n"
                  "LINE 1: SELECT nme FROM trace\n"
                  "               ^\n"
                  "HINT:  Perhaps you meant to reference the column \"trace.name\".\n");
  }
  EXPECT_EQ(Query("--csv --json", "SELECT 1").exit_code, 2);
}

// SQLite ran the first statement and dropped the rest, PostgreSQL ran
// them all; empty SQL printed nothing and exited 0 there.
// README's queries open with a "-- comment": the statement, not an option.
TEST_P(ArchiveCli, QueryTakesSqlThatOpensWithAComment) {
  std::string sql = "-- 1. how many traces\nSELECT count(*) AS n FROM trace";
  for (const std::string& args : {Quoted(sql) + " --csv", "--csv " + Quoted(sql)}) {
    CliRun run = Run("query", args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "n\n2\n");
  }
}

TEST_P(ArchiveCli, QueryRefusesASecondStatementAndEmptySql) {
  const std::string hint = "\n(run 'tracedb query --help' for usage)\n";
  CliRun two = Query("", "SELECT 1; DELETE FROM trace");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_EQ(two.out, "");
  EXPECT_EQ(two.err, "tracedb query: one statement at a time: this SQL holds 2" + hint);
  for (const std::string sql : {"", "  ", "/* nothing */", ";"}) {
    CliRun empty = Query("--csv", sql);
    EXPECT_EQ(empty.exit_code, 2) << sql;
    EXPECT_EQ(empty.err,
              "tracedb query: no SQL statement given (tracedb schema shows the tables)" + hint)
        << sql;
  }
  CliRun one = Query("--csv", "SELECT ';' AS s; -- done");
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, "s\n;\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM trace"), std::vector<std::string>{"2"});
}

// The widths come from the first 1000 rows; the rest stream through them.
TEST_P(ArchiveCli, QueryTextTableStreamsPastItsFirstThousandRows) {
  std::string sql = sqlite() ? "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                               "WHERE i < 1002) SELECT i, CASE WHEN i = 1002 THEN 'widest' ELSE "
                               "'w' END AS t FROM n"
                             : "SELECT i, CASE WHEN i = 1002 THEN 'widest' ELSE 'w' END AS t "
                               "FROM generate_series(1, 1002) AS i";
  CliRun run = Query("", sql);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string expected = "   i  t\n";
  for (int i = 1; i <= 1002; ++i) {
    std::string number = std::to_string(i);
    expected += std::string(4 - std::min<size_t>(4, number.size()), ' ') + number + "  " +
                (i == 1002 ? "widest" : "w") + "\n";
  }
  EXPECT_EQ(run.out, expected);
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

TEST_P(ArchiveCli, DeleteLeavesTheOtherTraceIntact) {
  CliRun dump_before = Tracedb("dump --db " + db_ + " 2");
  ASSERT_EQ(dump_before.exit_code, 0) << dump_before.err;
  std::vector<std::string> counts_before = database_->RowCounts(2);
  // A reader keeps the WAL file from being removed at the last close, so
  // what the checkpoint left in it shows.
  std::optional<SqliteConnection> reader;
  if (sqlite()) reader.emplace(db_);
  CliRun run = Run("delete", "ring.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "deleted trace 1 (ring.paje)\n");
  EXPECT_EQ(database_->RowCounts(2), counts_before);
  EXPECT_EQ(database_->RowCounts(1),
            NoTraceRows());
  EXPECT_EQ(SortedLines(Tracedb("dump --db " + db_ + " 2").out), SortedLines(dump_before.out));
  EXPECT_EQ(Rows("SELECT id FROM trace"), std::vector<std::string>{"2"});
  // The checkpoint emptied the write-ahead log.
  if (sqlite()) {
    EXPECT_EQ(std::filesystem::file_size(db_ + "-wal"), 0u);
  }
}

TEST_P(ArchiveCli, DeleteGoesOnPastAnUnknownTraceAndExitsOne) {
  CliRun run = Run("delete", "nosuch 2 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + db_ +
                         ": no trace 'nosuch' (see tracedb list)\n"
                         "deleted trace 2 (small.paje)\n"
                         "deleted trace 1 (ring.paje)\n");
  CliRun list = Run("list", "");
  EXPECT_EQ(list.out, "");
  CliRun vacuum = Run("delete", "--vacuum 1");
  EXPECT_EQ(vacuum.exit_code, 1);
  EXPECT_EQ(vacuum.err, "tracedb: " + db_ + ": no trace '1' (see tracedb list)\n");
  EXPECT_EQ(Run("delete", "").exit_code, 2);
}

// Whether a background tracedb delete (cli/background_purge.h) still works
// on `db`: its command line names both.
bool BackgroundRemovalRuns(const std::string& db) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    std::ifstream file(entry.path() / "cmdline");
    std::string words((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (words.find("--purge-for") != std::string::npos && words.find(db) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// --background hides the trace before the command returns (SQLite: status
// "deleting", gone from the views; PostgreSQL drops it at once) and a
// background tracedb removes its rows soon after, the other trace intact.
TEST_P(ArchiveCli, DeleteInTheBackgroundHidesAtOnceAndRemovesTheRowsSoon) {
  CliRun dump_before = Tracedb("dump --db " + db_ + " 2");
  std::vector<std::string> counts_before = database_->RowCounts(2);
  CliRun run = Run("delete", "--background ring.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, sqlite() ? "deleted trace 1 (ring.paje)\n"
                                "the rows of trace 1 (ring.paje) go in the background (tracedb "
                                "list shows 'deleting' until then)\n"
                              : "deleted trace 1 (ring.paje)\n");
  EXPECT_EQ(Rows("SELECT DISTINCT trace_id FROM state_view"), std::vector<std::string>{"2"});
  // Named its remover before the command returned: while it runs, the
  // trace row names it, not the delete that is gone, and list warns of no
  // stopped removal.
  std::vector<std::string> remover = Rows("SELECT loader_pid FROM trace WHERE id = 1");
  if (sqlite() && !remover.empty()) {
    LoaderState state = CheckLoader(ThisHost(), std::stoll(remover[0]));
    EXPECT_TRUE(state == LoaderState::kAlive || Rows("SELECT id FROM trace WHERE id = 1").empty());
  }
  EXPECT_EQ(Run("list", "").err, "");
  ASSERT_TRUE(
      WaitFor([&] { return Rows("SELECT id FROM trace") == std::vector<std::string>{"2"}; }));
  // It ends with a checkpoint: done before the next test makes a file of that name.
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db_); }));
  EXPECT_EQ(database_->RowCounts(1), NoTraceRows());
  EXPECT_EQ(database_->RowCounts(2), counts_before);
  EXPECT_EQ(SortedLines(Tracedb("dump --db " + db_ + " 2").out), SortedLines(dump_before.out));
}

TEST_P(ArchiveCli, DeleteTakesWaitOrBackgroundNotBoth) {
  CliRun run = Run("delete", "--wait --background 1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb delete: --wait or --background, not both\n"
            "(run 'tracedb delete --help' for usage)\n");
  EXPECT_EQ(Rows("SELECT id, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|complete", "2|complete"}));
}

INSTANTIATE_TEST_SUITE_P(Backends, ArchiveCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

// Two traces in a new archive, the first (ring.paje) hidden by a delete
// whose background removal was killed after its first table (container, in
// name order): "deleting", its remover gone, its states still there.
std::string ArchiveWithAKilledRemoval(const std::string& name) {
  std::string db = FreshDbPath(name);
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  for (const std::string& file : {ring, WriteTempFile("small.paje", Header() + kSmallBody)}) {
    ChildRun ingest = RunTracedb({"ingest", "-q", "--db", db, file});
    EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  }
  ChildRun hide =
      RunTracedbWith({"TRACEDB_CRASH_AT=purge"}, {"delete", "--background", "--db", db, "1"});
  EXPECT_EQ(hide.exit_code, 0) << hide.err;
  SqliteConnection connection(db);
  EXPECT_TRUE(WaitFor([&] {
    std::vector<std::string> pid = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1");
    return !pid.empty() &&
           Rows(connection, "SELECT count(*) FROM container WHERE trace_id = 1")[0] == "0" &&
           CheckLoader(ThisHost(), std::stoll(pid[0])) == LoaderState::kGone;
  }));
  EXPECT_NE(Rows(connection, "SELECT count(*) FROM state WHERE trace_id = 1"),
            std::vector<std::string>{"0"});
  return db;
}

// A killed background removal: list warns of it, the views and dump leave
// the trace out, and the next tracedb delete, of any trace, finishes it.
TEST(ArchiveCliSqlite, AKilledBackgroundRemovalIsFinishedByTheNextDelete) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge.sqlite");
  SqliteConnection connection(db);
  ChildRun list = RunTracedb({"list", "--db", db, "--status", "deleting", "--csv"});
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("\n1,ring.paje,"), std::string::npos) << list.out;
  EXPECT_EQ(list.err, "tracedb: warning: " + db +
                          ": the removal of trace 1 (ring.paje) stopped part way: tracedb "
                          "delete 1 finishes it\n");
  EXPECT_EQ(Rows(connection, "SELECT DISTINCT trace_id FROM state_view"),
            std::vector<std::string>{"2"});
  ChildRun dump = RunTracedb({"dump", "--db", db, "1"});
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, "tracedb: " + db + ": trace 1 is deleting, not complete\n");
  ChildRun next = RunTracedb({"delete", "--wait", "--db", db, "2"});
  EXPECT_EQ(next.exit_code, 0) << next.err;
  EXPECT_EQ(next.err, "deleted trace 2 (small.paje)\n");
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM state"), std::vector<std::string>{"0"});
}

// An ingest finds the killed removal and starts it again in the background;
// the new trace takes the old one's name, which stays unambiguous.
TEST(ArchiveCliSqlite, AKilledBackgroundRemovalGoesOnAfterTheNextIngest) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge_ingest.sqlite");
  SqliteConnection connection(db);
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  ChildRun again = RunTracedb({"ingest", "-q", "--db", db, ring});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err, "");
  ChildRun by_name = RunTracedb({"dump", "--db", db, "ring.paje"});
  EXPECT_EQ(by_name.exit_code, 0) << by_name.err;
  EXPECT_EQ(SortedLines(by_name.out), SortedLines(RunTracedb({"dump", ring}).out));
  EXPECT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id, status FROM trace ORDER BY id") ==
           std::vector<std::string>{"2|complete", "3|complete"};
  }));
  EXPECT_EQ(Rows(connection, "SELECT DISTINCT trace_id FROM state ORDER BY 1"),
            (std::vector<std::string>{"2", "3"}));
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db); }));
}

// An ingest that restarts a stopped removal names the remover it starts
// before it returns: the trace row no longer names the one that was killed,
// so nobody takes the removal for stopped while the new one waits for the
// write lock (three ingests in a row used to start a remover each).
TEST(ArchiveCliSqlite, AnIngestNamesTheRemoverItStarts) {
  std::string db = ArchiveWithAKilledRemoval("killed_purge_named.sqlite");
  SqliteConnection connection(db);
  std::string killed = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1").at(0);
  std::string small = WriteTempFile("small.paje", Header() + kSmallBody);
  ChildRun ingest = RunTracedb({"ingest", "-q", "--db", db, small});
  EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  std::vector<std::string> remover = Rows(connection, "SELECT loader_pid FROM trace WHERE id = 1");
  EXPECT_TRUE(remover.empty() || remover[0] != killed) << killed;
  EXPECT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id FROM trace ORDER BY id") == std::vector<std::string>{"2"};
  }));
  EXPECT_TRUE(WaitFor([&] { return !BackgroundRemovalRuns(db); }));
}

// --vacuum compacts the file once another process's removal has ended, or
// that trace's pages would stay in it, free: it waits for a live remover,
// and finishes the removal itself when that remover dies meanwhile.
TEST(ArchiveCliSqlite, DeleteWithVacuumWaitsForAnotherRemovalToEnd) {
  std::string db = ArchiveWithAKilledRemoval("vacuum_waits.sqlite");
  SqliteConnection connection(db);
  BackgroundChild remover("/bin/sleep", {"600"});  // stands for a live background removal
  connection.Exec("UPDATE trace SET loader_pid = " + std::to_string(remover.pid()) +
                  " WHERE id = 1");
  BackgroundChild vacuum(TRACEDB_BINARY, {"delete", "--vacuum", "--db", db, "2"});
  ASSERT_TRUE(WaitFor([&] {
    return Rows(connection, "SELECT id, status FROM trace") ==
           std::vector<std::string>{"1|deleting"};
  }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(vacuum.Running());
  EXPECT_NE(Rows(connection, "SELECT count(*) FROM state WHERE trace_id = 1"),
            std::vector<std::string>{"0"});
  remover.Kill();
  ChildRun run = vacuum.Wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "deleted trace 2 (small.paje)\n"
            "waiting for the removal of trace 1 (ring.paje) to end, to give back its space too\n");
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM trace"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "SELECT count(*) FROM state"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "PRAGMA freelist_count"), std::vector<std::string>{"0"});
}

// SQLite's deletes leave the freed pages as they are (secure_delete is off:
// zeroing them cost 15% of a delete), so --vacuum is how a trace's bytes
// leave the file. (PostgreSQL drops the trace's partitions, files and all.)
TEST(ArchiveCliSqlite, DeleteWithVacuumLeavesNoByteOfTheTraceInTheFile) {
  std::string db = FreshDbPath("vacuum.sqlite");
  const std::string marker = "zq-deleted-value-3141";
  std::string kept = WriteTempFile("kept.paje", Header() + kSmallBody);
  std::string gone = WriteTempFile("gone.paje", Header() + Replaced(kSmallBody, "hello", marker));
  for (const std::string& trace : {kept, gone}) {
    CliRun ingest = Tracedb("ingest -q --db " + db + " " + trace);
    ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  }
  auto file_has_marker = [&] {
    std::string bytes = ReadWholeFile(db);
    if (std::filesystem::exists(db + "-wal")) bytes += ReadWholeFile(db + "-wal");
    return bytes.find(marker) != std::string::npos;
  };
  ASSERT_TRUE(file_has_marker());
  CliRun run = Tracedb("delete --db " + db + " --vacuum gone.paje");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "deleted trace 2 (gone.paje)\n");
  EXPECT_FALSE(file_has_marker());
  CliRun list = Tracedb("query --csv --db " + db + " 'SELECT id, name FROM trace'");
  EXPECT_EQ(list.out, "id,name\n1,kept.paje\n");
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
}  // namespace tracedb::testing::archive_cli_test

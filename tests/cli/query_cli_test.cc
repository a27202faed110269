// tracedb query on both backends, compared with its exact output: CSV, JSON
// and text tables, its refusals (writes, other databases, a second
// statement) and its errors, which name the database.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "archive_cli.h"

namespace tracedb::testing::archive_cli::query_cli_test {
namespace {

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
// docs/archive.md's queries open with a "-- comment": the statement, not an option.
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

}  // namespace
}  // namespace tracedb::testing::archive_cli::query_cli_test

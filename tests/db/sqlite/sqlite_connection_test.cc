// Opening, pragmas, statements and their errors, transactions.
#include "db/sqlite/sqlite_connection.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <limits>

#include "db/db_error.h"
#include "db/sqlite/sqlite_transaction.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::sqlite_connection_test {
namespace {

// The text of the DbError `action` throws, or "no error".
TEST(SqliteConnection, OpeningCreatesAMissingFile) {
  std::string path = FreshDbPath("new.sqlite");
  SqliteConnection connection(path);
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(connection.path(), path);
}

TEST(SqliteConnection, OpeningSetsTheBulkLoadPragmas) {
  SqliteConnection connection(FreshDbPath("pragmas.sqlite"));
  EXPECT_EQ(Rows(connection, "PRAGMA journal_mode"), std::vector<std::string>{"wal"});
  EXPECT_EQ(Rows(connection, "PRAGMA synchronous"), std::vector<std::string>{"1"});  // NORMAL
  EXPECT_EQ(Rows(connection, "PRAGMA foreign_keys"), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows(connection, "PRAGMA busy_timeout"), std::vector<std::string>{"60000"});
  // Files, not memory: publishing a trace sorts and copies all its rows.
  EXPECT_EQ(Rows(connection, "PRAGMA temp_store"), std::vector<std::string>{"0"});  // DEFAULT
  EXPECT_EQ(Rows(connection, "PRAGMA page_size"), std::vector<std::string>{"16384"});
  // Deleted rows are not zeroed (Debian builds SQLite to zero them).
  EXPECT_EQ(Rows(connection, "PRAGMA secure_delete"), std::vector<std::string>{"0"});
}

TEST(SqliteConnection, ErrorsNameTheFileAndSqlitesMessage) {
  std::string path = FreshDbPath("errors.sqlite");
  SqliteConnection connection(path);
  EXPECT_EQ(ErrorOf([&] { connection.Exec("SELECT * FROM foo"); }), path + ": no such table: foo");
  EXPECT_EQ(ErrorOf([&] { connection.Prepare("SELEC 1"); }),
            path + ": near \"SELEC\": syntax error");
  EXPECT_EQ(ErrorOf([&] { connection.Prepare("  "); }), path + ": no statement to prepare");
}

TEST(SqliteConnection, ErrorsKeepTheStatementForLogs) {
  std::string path = FreshDbPath("statement.sqlite");
  SqliteConnection connection(path);
  try {
    connection.Exec("SELECT * FROM foo");
    FAIL() << "no error";
  } catch (const DbError& e) {
    EXPECT_EQ(e.database(), path);
    EXPECT_EQ(e.problem(), "no such table: foo");
    EXPECT_EQ(e.statement(), "SELECT * FROM foo");
  }
}

TEST(SqliteConnection, AFileThatIsNotSqliteIsRefused) {
  std::string path = WriteTempFile("notes.txt", std::string(200, 'x') + "\n");
  EXPECT_EQ(ErrorOf([&] { SqliteConnection connection(path); }),
            path + ": not a tracedb database (file is not a database)");
  EXPECT_EQ(FileBytes(path), std::string(200, 'x') + "\n");
}

TEST(SqliteConnection, ADatabaseOfAnotherProgramIsRefusedUntouched) {
  std::string path = FreshDbPath("other.sqlite");
  {
    SqliteConnection setup(path);
    setup.Exec("PRAGMA journal_mode=DELETE; CREATE TABLE customers (id INTEGER, name TEXT)");
  }
  std::string before = FileBytes(path);
  EXPECT_EQ(ErrorOf([&] { SqliteConnection connection(path); }),
            path + ": not a tracedb database (it has tables but no schema_version table)");
  EXPECT_EQ(FileBytes(path), before);  // still in rollback-journal mode, too
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(SqliteConnection, AnotherProgramsSchemaVersionTableIsNotOurs) {
  std::string path = FreshDbPath("other_version.sqlite");
  {
    SqliteConnection setup(path);
    setup.Exec("CREATE TABLE schema_version (v INTEGER)");
  }
  EXPECT_EQ(ErrorOf([&] { SqliteConnection connection(path); }),
            path + ": not a tracedb database (it has tables but no schema_version table)");
}

TEST(SqliteConnection, AMissingFolderIsAnError) {
  std::string path = FreshDbPath("x") + ".d/missing/db.sqlite";
  EXPECT_EQ(ErrorOf([&] { SqliteConnection connection(path); }),
            path + ": cannot open the database: No such file or directory");
}

TEST(SqliteStatement, BindsAndReadsEveryType) {
  SqliteConnection connection(FreshDbPath("types.sqlite"));
  SqliteStatement query = connection.Prepare("SELECT ?, ?, ?, ?");
  query.BindInt(1, std::numeric_limits<int64_t>::min());
  query.BindDouble(2, 0.1);
  query.BindText(3, std::string_view("a\0é", 4));
  query.BindNull(4);
  ASSERT_TRUE(query.Step());
  EXPECT_EQ(query.ColumnCount(), 4);
  EXPECT_EQ(query.ColumnInt(0), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(query.ColumnDouble(1), 0.1);
  EXPECT_EQ(query.ColumnText(2), std::string("a\0é", 4));
  EXPECT_TRUE(query.ColumnIsNull(3));
  EXPECT_FALSE(query.ColumnIsNull(2));
  EXPECT_EQ(query.ColumnText(3), "");
  EXPECT_FALSE(query.Step());
}

TEST(SqliteStatement, ResetRunsItAgainWithNewBindings) {
  SqliteConnection connection(FreshDbPath("reset.sqlite"));
  connection.Exec("CREATE TABLE t (x INTEGER)");
  SqliteStatement insert = connection.Prepare("INSERT INTO t VALUES (?)");
  for (int64_t x : {3, 1, 2}) {
    insert.BindInt(1, x);
    EXPECT_FALSE(insert.Step());
    insert.Reset();
  }
  EXPECT_EQ(Rows(connection, "SELECT x FROM t ORDER BY rowid"),
            (std::vector<std::string>{"3", "1", "2"}));
  EXPECT_EQ(connection.LastInsertId(), 3);
}

TEST(SqliteStatement, AFailedStepNamesTheFileAndLeavesTheStatementUsable) {
  std::string path = FreshDbPath("step.sqlite");
  SqliteConnection connection(path);
  connection.Exec("CREATE TABLE t (x INTEGER NOT NULL)");
  SqliteStatement insert = connection.Prepare("INSERT INTO t VALUES (?)");
  insert.BindNull(1);
  EXPECT_EQ(ErrorOf([&] { insert.Step(); }), path + ": NOT NULL constraint failed: t.x");
  insert.BindInt(1, 7);
  EXPECT_FALSE(insert.Step());
  EXPECT_EQ(Rows(connection, "SELECT x FROM t"), std::vector<std::string>{"7"});
}

TEST(SqliteStatement, ABadParameterIndexIsAnError) {
  std::string path = FreshDbPath("range.sqlite");
  SqliteConnection connection(path);
  SqliteStatement query = connection.Prepare("SELECT ?");
  EXPECT_EQ(ErrorOf([&] { query.BindInt(2, 1); }), path + ": column index out of range");
}

TEST(SqliteTransaction, CommitKeepsTheChanges) {
  SqliteConnection connection(FreshDbPath("commit.sqlite"));
  connection.Exec("CREATE TABLE t (x INTEGER)");
  {
    SqliteTransaction transaction(connection);
    EXPECT_TRUE(connection.InTransaction());
    connection.Exec("INSERT INTO t VALUES (1)");
    transaction.Commit();
  }
  EXPECT_FALSE(connection.InTransaction());
  EXPECT_EQ(Rows(connection, "SELECT x FROM t"), std::vector<std::string>{"1"});
}

TEST(SqliteTransaction, LeavingWithoutCommitRollsBack) {
  SqliteConnection connection(FreshDbPath("rollback.sqlite"));
  connection.Exec("CREATE TABLE t (x INTEGER)");
  try {
    SqliteTransaction transaction(connection);
    connection.Exec("INSERT INTO t VALUES (1)");
    connection.Exec("INSERT INTO nowhere VALUES (1)");
    transaction.Commit();
  } catch (const DbError&) {
  }
  EXPECT_FALSE(connection.InTransaction());
  EXPECT_TRUE(Rows(connection, "SELECT x FROM t").empty());
}

TEST(SqliteTransaction, DoesNotNest) {
  std::string path = FreshDbPath("nest.sqlite");
  SqliteConnection connection(path);
  SqliteTransaction outer(connection);
  EXPECT_EQ(ErrorOf([&] { SqliteTransaction inner(connection); }),
            path + ": cannot start a transaction within a transaction");
  EXPECT_TRUE(connection.InTransaction());
}

}  // namespace
}  // namespace tracedb::testing::sqlite_connection_test

// The database tests run against both backends: TEST_P over Backend, each
// test with a TestDatabase of its own. PostgreSQL tests need a server:
// $TRACEDB_TEST_POSTGRES names it (scripts/test starts a throwaway one with
// scripts/pg-server); without it they skip themselves, saying so.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace tracedb {
class PgConnection;
}

namespace tracedb::testing {

enum class Backend { kSqlite, kPostgres };

// "Sqlite", "Postgres": the suffix of the test names.
std::string BackendName(const ::testing::TestParamInfo<Backend>& info);

// The server URL from $TRACEDB_TEST_POSTGRES, "" when unset.
std::string PostgresTestServer();

// RowCounts() of a trace with no rows left: "container=0", ... for every table.
std::vector<std::string> NoTraceRows();

// A fresh, empty database: a file path for SQLite, a new database on the
// test server for PostgreSQL (dropped again by the destructor).
// Threading: one thread at a time (on PostgreSQL its queries share one
// session, a pqxx connection).

class TestDatabase {
 public:
  TestDatabase(Backend backend, const std::string& name);
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  Backend backend() const { return backend_; }
  // What --db takes.
  const std::string& url() const { return url_; }
  // How tracedb's messages name it: the path, or the URL without password.
  const std::string& display() const { return url_; }

  // Every row of `sql`, columns joined by '|', NULL as "NULL", numbers as
  // `tracedb query` prints them ("1.5", "2.0"), whichever backend.
  std::vector<std::string> Rows(const std::string& sql);
  void Exec(const std::string& sql);
  // The column names of `sql`'s result, joined by ','.
  std::string Columns(const std::string& sql);
  // How many rows of the trace each entity table holds: "container=2", ...
  // by table name.
  std::vector<std::string> RowCounts(int64_t trace_id);

 private:
  Backend backend_;
  std::string url_;
  std::string server_;    // PostgreSQL: the maintenance database's URL
  std::string database_;  // PostgreSQL: the database made for the test
  // PostgreSQL: one session for every Rows/Exec/Columns, opened on first use.
  // A connection to the test server costs ~23 ms; the corpus tests query
  // thousands of times. Autocommit, so it holds no table lock between
  // queries, but what a query leaves in the session (SET, an open BEGIN, a
  // temporary table, an advisory lock) stays for the next ones.
  std::unique_ptr<PgConnection> session_;

  PgConnection& Session();
};

// A PostgreSQL role that may only read `database`: SELECT on every table it
// has when the role is made. url() connects as it; the destructor drops it.
class ReadOnlyRole {
 public:
  ReadOnlyRole(TestDatabase& database, const std::string& name);
  ~ReadOnlyRole();  // never throws
  ReadOnlyRole(const ReadOnlyRole&) = delete;
  ReadOnlyRole& operator=(const ReadOnlyRole&) = delete;

  const std::string& url() const { return url_; }

 private:
  TestDatabase& database_;
  std::string name_;  // unique to this process
  std::string url_;
};

// Makes `database` an archive as schema version 4 left it, for the tests
// that upgrade one: migrations 1-4 (in PostgreSQL with their schema_version
// rows, as pg_migrate_test.cc does, and trace 1's partitions attached, which
// the rows go to), then `trace_sql` (trace 1's row) and `rows_sql`.
void MakeVersionFourArchive(TestDatabase& database, const std::string& trace_sql,
                            const std::string& rows_sql);

// Makes `database` an archive as schema version `version` left it, with no
// entity rows: migrations 1 to `version` (in PostgreSQL with their
// schema_version rows), then `sql` (trace rows, say).
void MakeArchiveAtVersion(TestDatabase& database, size_t version, const std::string& sql);

// In a TEST_P's SetUp: skips a PostgreSQL test when there is no server.
#define TRACEDB_SKIP_WITHOUT_SERVER(backend)                                         \
  if ((backend) == ::tracedb::testing::Backend::kPostgres &&                         \
      ::tracedb::testing::PostgresTestServer().empty()) {                            \
    GTEST_SKIP() << "no PostgreSQL test server ($TRACEDB_TEST_POSTGRES is not set)"; \
  }

}  // namespace tracedb::testing

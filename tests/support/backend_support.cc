#include "support/backend_support.h"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdlib>

#include "db/migration_list.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_cursor.h"
#include "db/postgres/pg_partitions.h"
#include "db/sqlite/sqlite_connection.h"
#include "db/sqlite/sqlite_cursor.h"
#include "db/sqlite/sqlite_migrate.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing {
namespace {

std::string RowText(const RowCursor& cursor) {
  std::string row;
  for (int i = 0; i < cursor.ColumnCount(); ++i) {
    if (i > 0) row += "|";
    Cell cell = cursor.CellAt(i);
    row += cell.kind == CellKind::kNull ? "NULL" : cell.text;
  }
  return row;
}

// "postgresql://u@h:5432/postgres" -> "postgresql://u@h:5432/NAME"
std::string WithDatabase(const std::string& server, const std::string& name) {
  return server.substr(0, server.rfind('/') + 1) + name;
}

}  // namespace

std::string BackendName(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::kSqlite ? "Sqlite" : "Postgres";
}

std::string PostgresTestServer() {
  const char* server = std::getenv("TRACEDB_TEST_POSTGRES");
  return server == nullptr ? "" : server;
}

TestDatabase::TestDatabase(Backend backend, const std::string& name) : backend_(backend) {
  if (backend == Backend::kSqlite) {
    url_ = FreshDbPath(name + ".sqlite");
    return;
  }
  static std::atomic<int> counter{0};
  server_ = PostgresTestServer();
  std::string base;
  for (char c : name) base += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  database_ = "t_" + base + "_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
  PgConnection admin(server_);
  pqxx::nontransaction(admin.get()).exec("DROP DATABASE IF EXISTS " + database_);
  pqxx::nontransaction(admin.get()).exec("CREATE DATABASE " + database_);
  url_ = WithDatabase(server_, database_);
}

TestDatabase::~TestDatabase() {
  if (backend_ != Backend::kPostgres) return;
  session_.reset();  // DROP DATABASE waits for, or with FORCE kills, its sessions
  try {
    PgConnection admin(server_);
    pqxx::nontransaction(admin.get())
        .exec("DROP DATABASE IF EXISTS " + database_ + " WITH (FORCE)");
  } catch (const std::exception&) {
    // The server goes away with the test run anyway.
  }
}

PgConnection& TestDatabase::Session() {
  if (session_ == nullptr || !session_->get().is_open()) {
    session_ = std::make_unique<PgConnection>(url_);
  }
  return *session_;
}

std::vector<std::string> TestDatabase::Rows(const std::string& sql) {
  std::vector<std::string> rows;
  if (backend_ == Backend::kSqlite) {
    SqliteConnection connection(url_);
    SqliteCursor cursor(connection.Prepare(sql));
    while (cursor.Next()) rows.push_back(RowText(cursor));
    return rows;
  }
  PgConnection& connection = Session();
  pqxx::result result =
      connection.Run([&] { return pqxx::nontransaction(connection.get()).exec(sql); });
  PgCursor cursor(connection, std::move(result), nullptr);
  while (cursor.Next()) rows.push_back(RowText(cursor));
  return rows;
}

std::string TestDatabase::Columns(const std::string& sql) {
  std::vector<std::string> names;
  if (backend_ == Backend::kSqlite) {
    SqliteConnection connection(url_);
    names = ColumnNames(SqliteCursor(connection.Prepare(sql)));
  } else {
    PgConnection& connection = Session();
    pqxx::result result =
        connection.Run([&] { return pqxx::nontransaction(connection.get()).exec(sql); });
    names = ColumnNames(PgCursor(connection, std::move(result), nullptr));
  }
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ",") + name;
  return joined;
}

void TestDatabase::Exec(const std::string& sql) {
  if (backend_ == Backend::kSqlite) {
    SqliteConnection(url_).Exec(sql);
    return;
  }
  PgConnection& connection = Session();
  connection.Run([&] { return pqxx::nontransaction(connection.get()).exec(sql); });
}

namespace {

// Every table with a trace's rows, by name.
constexpr const char* kRowTables[] = {
    "container",    "event", "event_summary", "link",  "link_summary", "state",
    "state_profile", "state_summary", "type", "value", "variable", "variable_summary"};

}  // namespace

std::vector<std::string> NoTraceRows() {
  std::vector<std::string> counts;
  for (const char* table : kRowTables) counts.push_back(std::string(table) + "=0");
  return counts;
}

std::vector<std::string> TestDatabase::RowCounts(int64_t trace_id) {
  std::vector<std::string> counts;
  for (const char* table : kRowTables) {
    auto n = Rows(std::string("SELECT count(*) FROM ") + table +
                  " WHERE trace_id = " + std::to_string(trace_id));
    counts.push_back(std::string(table) + "=" + n.at(0));
  }
  return counts;
}

ReadOnlyRole::ReadOnlyRole(TestDatabase& database, const std::string& name)
    : database_(database), name_(name + "_" + std::to_string(getpid())), url_(database.url()) {
  database.Exec("CREATE ROLE " + name_ + " LOGIN; GRANT USAGE ON SCHEMA public, trace_part TO " +
                name_ + "; GRANT SELECT ON ALL TABLES IN SCHEMA public, trace_part TO " + name_);
  url_.replace(url_.find("://") + 3, url_.find('@') - url_.find("://") - 3, name_);
}

// A role left behind on the throwaway server harms no other test.
ReadOnlyRole::~ReadOnlyRole() {
  try {
    database_.Exec("DROP OWNED BY " + name_ + "; DROP ROLE " + name_);
  } catch (const std::exception&) {
  }
}

void MakeArchiveAtVersion(TestDatabase& database, size_t version, const std::string& sql) {
  if (database.backend() == Backend::kSqlite) {
    SqliteConnection connection(database.url());
    ApplyMigrations(connection, SqliteMigrations().first(version));
    connection.Exec(sql);
    return;
  }
  std::string record =
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
      " applied_at TEXT NOT NULL);";
  for (const Migration& migration : PostgresMigrations().first(version)) {
    database.Exec(std::string(migration.sql));
    record += "INSERT INTO schema_version VALUES (" + std::to_string(migration.version) + ", '" +
              std::string(migration.name) + "', '2026-01-01T00:00:00Z');";
  }
  database.Exec(record + sql);
}

void MakeVersionFourArchive(TestDatabase& database, const std::string& trace_sql,
                            const std::string& rows_sql) {
  if (database.backend() == Backend::kSqlite) {
    SqliteConnection connection(database.url());
    ApplyMigrations(connection, SqliteMigrations().first(4));
    connection.Exec(trace_sql + ";" + rows_sql);
    return;
  }
  constexpr std::array<const char*, 7> kVersionFourTables = {
      "type", "value", "container", "state", "event", "variable", "link"};
  std::string sql =
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
      " applied_at TEXT NOT NULL);";
  for (const Migration& migration : PostgresMigrations().first(4)) {
    database.Exec(std::string(migration.sql));
    sql += "INSERT INTO schema_version VALUES (" + std::to_string(migration.version) + ", '" +
           std::string(migration.name) + "', '2026-01-01T00:00:00Z');";
  }
  database.Exec(sql + trace_sql);
  database.Exec(database.Rows(PartitionDefinitionsQuery(1, kVersionFourTables))[0]);
  database.Exec(AttachPartitionsSql(1, kVersionFourTables) + rows_sql);
}

}  // namespace tracedb::testing

#include "db/sqlite/sqlite_migrate.h"

#include <cstdio>
#include <string>

#include "db/db_error.h"
#include "db/sqlite/sqlite_transaction.h"

namespace tracedb {
namespace {

constexpr const char* kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

constexpr const char* kRecordVersion =
    "INSERT INTO schema_version (version, name, applied_at)"
    " VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))";

void RefuseNewer(SqliteConnection& connection, int current, int newest) {
  if (current <= newest) return;
  throw DbError(connection.path(), "database schema version " + std::to_string(current) +
                                       " is newer than this tracedb supports (" +
                                       std::to_string(newest) + "); upgrade tracedb");
}

void Apply(SqliteConnection& connection, const Migration& migration, int newest) {
  SqliteTransaction transaction(connection);
  // Another tracedb may have migrated while this one waited for the lock.
  int current = SchemaVersion(connection);
  RefuseNewer(connection, current, newest);
  if (current >= migration.version) return;
  try {
    connection.Exec(std::string(migration.sql));
  } catch (const DbError& e) {
    throw DbError(connection.path(),
                  "migration " + MigrationLabel(migration) + " failed: " + e.problem(),
                  e.statement());
  }
  SqliteStatement record = connection.Prepare(kRecordVersion);
  record.BindInt(1, migration.version);
  record.BindText(2, migration.name);
  record.Step();
  transaction.Commit();
}

}  // namespace

int SchemaVersion(SqliteConnection& connection) {
  SqliteStatement exists = connection.Prepare(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'");
  exists.Step();
  if (exists.ColumnInt(0) == 0) return 0;
  SqliteStatement query =
      connection.Prepare("SELECT coalesce(max(version), 0) FROM schema_version");
  query.Step();
  return static_cast<int>(query.ColumnInt(0));
}

void ApplyMigrations(SqliteConnection& connection, std::span<const Migration> migrations) {
  int newest = migrations.empty() ? 0 : migrations.back().version;
  RefuseNewer(connection, SchemaVersion(connection), newest);
  connection.Exec(kCreateVersionTable);
  int current = SchemaVersion(connection);
  for (const Migration& migration : migrations) {
    if (migration.version > current) Apply(connection, migration, newest);
  }
}

void RequireNewestSchema(SqliteConnection& connection) {
  int newest = SqliteMigrations().back().version;
  int current = SchemaVersion(connection);
  RefuseNewer(connection, current, newest);
  if (current == newest) return;
  throw DbError(connection.path(), "database schema version " + std::to_string(current) +
                                       " is older than this tracedb's (" + std::to_string(newest) +
                                       ") and read-only here: the next tracedb command of a user "
                                       "who may write it upgrades it");
}

void Migrate(SqliteConnection& connection) { ApplyMigrations(connection, SqliteMigrations()); }

}  // namespace tracedb

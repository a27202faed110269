#include "db/sqlite/sqlite_migrate.h"

#include <cstdio>
#include <string>

#include "db/db_error.h"
#include "db/schema_views.h"
#include "db/sqlite/sqlite_transaction.h"

namespace tracedb {
namespace {

constexpr const char* kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

constexpr const char* kRecordVersion =
    "INSERT INTO schema_version (version, name, applied_at)"
    " VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))";

void RefuseNewer(SqliteConnection& connection, int current, int newest) {
  if (current <= newest) return;
  throw DbError(connection.path(), "database schema version " + std::to_string(current) +
                                       " is newer than this tracedb supports (" +
                                       std::to_string(newest) + "); upgrade tracedb");
}

// The digest of the views the database has, "" when none was recorded.
std::string RecordedViews(SqliteConnection& connection) {
  SqliteStatement exists = connection.Prepare(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_views'");
  exists.Step();
  if (exists.ColumnInt(0) == 0) return "";
  SqliteStatement query = connection.Prepare(kRecordedViewsSql);
  return query.Step() ? query.ColumnText(0) : "";
}

// Inside the caller's transaction.
void ApplyViews(SqliteConnection& connection, const ViewDefinitions& views) {
  if (views.sql.empty()) return;
  try {
    connection.Exec(ApplyViewsSql(views, kNow));
  } catch (const DbError& e) {
    throw DbError(connection.path(), "views.sql failed: " + e.problem(), e.statement());
  }
}

void Apply(SqliteConnection& connection, const Migration& migration, int newest,
           const ViewDefinitions& views) {
  SqliteTransaction transaction(connection);
  // Another tracedb may have migrated while this one waited for the lock.
  int current = SchemaVersion(connection);
  RefuseNewer(connection, current, newest);
  if (current >= migration.version) return;
  connection.Exec(DropViewsSql(views));
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
  if (migration.version == newest) ApplyViews(connection, views);
  transaction.Commit();
}

// The views again when they are not this binary's and no migration made
// them (a views.sql changed without a migration; an archive of a tracedb
// that recorded no digest).
void RefreshViews(SqliteConnection& connection, const ViewDefinitions& views) {
  if (views.sql.empty() || RecordedViews(connection) == views.digest) return;
  SqliteTransaction transaction(connection);
  if (RecordedViews(connection) == views.digest) return;  // another tracedb was first
  ApplyViews(connection, views);
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

void ApplyMigrations(SqliteConnection& connection, std::span<const Migration> migrations,
                     const ViewDefinitions& views) {
  int newest = migrations.empty() ? 0 : migrations.back().version;
  RefuseNewer(connection, SchemaVersion(connection), newest);
  connection.Exec(kCreateVersionTable);
  int current = SchemaVersion(connection);
  for (const Migration& migration : migrations) {
    if (migration.version > current) Apply(connection, migration, newest, views);
  }
  RefreshViews(connection, views);
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

void Migrate(SqliteConnection& connection) {
  ApplyMigrations(connection, SqliteMigrations(), SchemaViews());
}

}  // namespace tracedb

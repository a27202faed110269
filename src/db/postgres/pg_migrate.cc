#include "db/postgres/pg_migrate.h"

#include <cstdio>

#include "db/migration_list.h"
#include "db/schema_views.h"

namespace tracedb {
namespace {

// pg_advisory_xact_lock's key for "migrating"; loads lock (kLoadLockSpace, id).
constexpr int64_t kMigrateLock = 0x7472616365646201;  // "traceb\x01"

constexpr const char* kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

constexpr const char* kNow = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

bool TableExists(pqxx::work& work, const char* table) {
  return work.exec_params1("SELECT to_regclass($1) IS NOT NULL", table)[0].as<bool>();
}

int CurrentVersion(pqxx::work& work) {
  if (!TableExists(work, "public.schema_version")) return 0;
  return work.exec1("SELECT coalesce(max(version), 0) FROM schema_version")[0].as<int>();
}

// The digest of the views the database has, "" when none was recorded.
std::string RecordedViews(pqxx::work& work) {
  if (!TableExists(work, "public.schema_views")) return "";
  pqxx::result rows = work.exec(kRecordedViewsSql);
  return rows.empty() ? "" : rows[0][0].as<std::string>();
}

// Throws unless `current` is a version of ours, untouched.
void RequireOurs(PgConnection& connection, pqxx::work& work, int current, int newest) {
  if (current > newest) {
    throw DbError(connection.name(), "database schema version " + std::to_string(current) +
                                         " is newer than this tracedb supports (" +
                                         std::to_string(newest) + "); upgrade tracedb");
  }
  if (current == 0 && TableExists(work, "public.trace")) {
    throw DbError(connection.name(),
                  "has a table \"trace\" but no tracedb schema_version: not a tracedb "
                  "database; use another database or schema");
  }
}

void Apply(PgConnection& connection, pqxx::work& work, const Migration& migration) {
  try {
    work.exec(std::string(migration.sql));
  } catch (const pqxx::sql_error& e) {
    throw DbError(
        connection.name(),
        "migration " + MigrationLabel(migration) + " failed: " + PostgresProblem(e.what()),
        e.query());
  }
  work.exec_params("INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, " +
                       std::string(kNow) + ")",
                   migration.version, std::string(migration.name));
}

// A role that may not make them gets libpqxx's insufficient_privilege.
void ApplyViews(PgConnection& connection, pqxx::work& work) {
  try {
    work.exec(ApplyViewsSql(SchemaViews(), kNow));
  } catch (const pqxx::insufficient_privilege&) {
    throw;
  } catch (const pqxx::sql_error& e) {
    throw DbError(connection.name(), "views.sql failed: " + PostgresProblem(e.what()), e.query());
  }
}

// Only the views to make again. A role that may only read cannot, and
// reads the archive with the views it has, as a reader of a read-only
// SQLite file does: false then.
bool RefreshViews(PgConnection& connection, pqxx::work& work) {
  try {
    ApplyViews(connection, work);
    return true;
  } catch (const pqxx::insufficient_privilege&) {
    return false;
  }
}

}  // namespace

void MigratePostgres(PgConnection& connection) {
  std::span<const Migration> migrations = PostgresMigrations();
  int newest = migrations.empty() ? 0 : migrations.back().version;
  connection.Run([&] {
    pqxx::work work(connection.get());
    work.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrateLock);
    int current = CurrentVersion(work);
    RequireOurs(connection, work, current, newest);
    if (current == newest) {
      // The work rolls back when nothing was written.
      if (RecordedViews(work) != SchemaViews().digest && RefreshViews(connection, work)) {
        work.commit();
      }
      return 0;
    }
    work.exec(kCreateVersionTable);
    // The views read the tables a migration may change: they go first.
    work.exec(DropViewsSql(SchemaViews()));
    for (const Migration& migration : migrations) {
      if (migration.version > current) Apply(connection, work, migration);
    }
    ApplyViews(connection, work);
    work.commit();
    return 0;
  });
}

}  // namespace tracedb

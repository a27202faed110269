#include "db/postgres/pg_migrate.h"

#include <cstdio>

#include "db/migration_list.h"

namespace tracedb {
namespace {

// pg_advisory_xact_lock's key for "migrating"; loads lock (kLoadLockSpace, id).
constexpr int64_t kMigrateLock = 0x7472616365646201;  // "traceb\x01"

constexpr const char* kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

bool TableExists(pqxx::work& work, const char* table) {
  return work.exec_params1("SELECT to_regclass($1) IS NOT NULL", table)[0].as<bool>();
}

int CurrentVersion(pqxx::work& work) {
  if (!TableExists(work, "public.schema_version")) return 0;
  return work.exec1("SELECT coalesce(max(version), 0) FROM schema_version")[0].as<int>();
}

}  // namespace

void MigratePostgres(PgConnection& connection) {
  std::span<const Migration> migrations = PostgresMigrations();
  int newest = migrations.empty() ? 0 : migrations.back().version;
  connection.Run([&] {
    pqxx::work work(connection.get());
    work.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrateLock);
    int current = CurrentVersion(work);
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
    if (current == newest) return 0;  // the work rolls back: nothing was written
    work.exec(kCreateVersionTable);
    for (const Migration& migration : migrations) {
      if (migration.version <= current) continue;
      try {
        work.exec(std::string(migration.sql));
      } catch (const pqxx::sql_error& e) {
        throw DbError(
            connection.name(),
            "migration " + MigrationLabel(migration) + " failed: " + PostgresProblem(e.what()),
            e.query());
      }
      work.exec_params(
          "INSERT INTO schema_version (version, name, applied_at)"
          " VALUES ($1, $2, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))",
          migration.version, std::string(migration.name));
    }
    work.commit();
    return 0;
  });
}

}  // namespace tracedb

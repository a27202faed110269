// Migrate: brings a tracedb SQLite database to the newest schema this binary
// knows, applying each pending migration (src/db/migration_list.h) in its own
// BEGIN IMMEDIATE transaction together with its schema_version row, so a
// failure leaves the database at the last migration that completed. The
// views (db/schema_views.h) go in the first pending migration's transaction
// and come back from migrations/views.sql in the last one's, or in one of
// their own when only the views changed (their digest is not the one the
// database recorded).
//
// Safe when several tracedb processes open a new database at once: each
// migration is re-checked under the write lock, so it runs exactly once.
// A database whose schema is newer than the binary's is refused untouched.
// (A SQLite file of another program never gets here: SqliteConnection
// refuses it on open.) Throws DbError.
#pragma once

#include <span>

#include "db/migration_list.h"
#include "db/sqlite/sqlite_connection.h"

namespace tracedb {

void Migrate(SqliteConnection& connection);

// Migrate with an explicit list (ordered by version, 1, 2, 3...); for tests.
// With no views (their sql empty), the views are left as they are: an
// archive at an older version, without the views it had then.
void ApplyMigrations(SqliteConnection& connection, std::span<const Migration> migrations,
                     const ViewDefinitions& views = {});

// For a database opened read-only, which cannot be migrated: throws a
// DbError unless its schema is the newest this binary knows. Its views are
// left as the last writer made them, whatever their digest.
void RequireNewestSchema(SqliteConnection& connection);

// The highest applied version; 0 for a database never migrated.
int SchemaVersion(SqliteConnection& connection);

}  // namespace tracedb

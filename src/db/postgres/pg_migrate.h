// Brings a PostgreSQL database to this binary's schema: the migrations of
// migrations/postgresql/, all pending ones in one transaction and each
// recorded in schema_version, as sqlite_migrate.h does for SQLite, between
// the views dropped and made again from migrations/views.sql
// (db/schema_views.h); the views alone when only their digest changed,
// unless the role may not (it then reads with the views it has). A
// transaction-scoped advisory lock makes concurrent tracedb processes
// migrate one at a time (four ingests into a new database would otherwise
// all create the tables). Refuses, untouched, a database newer than this
// tracedb and one whose public schema already has a "trace" table but no
// tracedb schema_version.
#pragma once

#include "db/postgres/pg_connection.h"

namespace tracedb {

void MigratePostgres(PgConnection& connection);

}  // namespace tracedb

// The archive's views around its migrations, as both migrators apply them
// (sqlite/sqlite_migrate.h, postgres/pg_migrate.h):
//
//   before pending migrations   DropViewsSql: the views go, so that a
//                               migration may change any table they read
//   after the last one          ApplyViewsSql: every view made again from
//                               migrations/views.sql, and its digest
//                               recorded in schema_views
//   when nothing is pending     ApplyViewsSql too, once the archive's
//                               recorded digest is not this binary's
//
// all in the migrating transaction, so that no committed state of the
// archive at the newest version lacks its views. A view is dropped by the
// name views.sql gives it: an archive's views are those of views.sql (and
// of the older migrations, which made the same names).
//
// Plain functions over the text; no threading concerns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "db/migration_list.h"

namespace tracedb {

// The names of the views `views_sql` creates ("CREATE VIEW name AS"), in
// its order; comments are skipped.
std::vector<std::string> ViewNames(std::string_view views_sql);

// DROP VIEW IF EXISTS of each of them, the last created first.
std::string DropViewsSql(const ViewDefinitions& views);

// Drops the views, makes them again and records `views.digest` (with the
// time, `now_sql`: the dialect's expression of UTC now in ISO-8601) as the
// one row of schema_views, which it creates if need be.
std::string ApplyViewsSql(const ViewDefinitions& views, std::string_view now_sql);

// Reads the digest that schema_views records (one row, when the table is
// there: a tracedb from before views.sql made none).
inline constexpr const char* kRecordedViewsSql = "SELECT digest FROM schema_views";

}  // namespace tracedb

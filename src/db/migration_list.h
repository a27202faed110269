// The schema migrations of each database dialect, and the views applied
// after them, compiled into the binary so that it needs no files at run
// time. The definitions are generated at build time from
// migrations/<dialect>/NNNN_name.sql and migrations/views.sql by
// cmake/embed_migrations.cmake; migrations/README.md has the rules.
//
// The spans are ordered by version, start at 1 and have no gaps; both
// dialects have the same versions and names (the build checks this). The
// strings live for the whole program and never change: any thread may read
// them.
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace tracedb {

struct Migration {
  int version;            // NNNN of the file name
  std::string_view name;  // the file name between "NNNN_" and ".sql"
  std::string_view sql;   // the whole file
};

// "0001_initial", as the file is named, for messages.
inline std::string MigrationLabel(const Migration& migration) {
  char number[16];
  std::snprintf(number, sizeof number, "%04d", migration.version);
  return std::string(number) + "_" + std::string(migration.name);
}

std::span<const Migration> SqliteMigrations();
std::span<const Migration> PostgresMigrations();

// migrations/views.sql: every view, in SQL both dialects read alike. Not a
// migration: the migrators make the views again from it after the
// migrations, and whenever `digest` is not the one the archive recorded
// (db/schema_views.h).
struct ViewDefinitions {
  std::string_view sql;     // the whole file
  std::string_view digest;  // its SHA-256, lowercase hex
};

ViewDefinitions SchemaViews();

}  // namespace tracedb

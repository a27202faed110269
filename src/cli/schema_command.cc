// tracedb schema: the SQL that builds a tracedb database, exactly as this
// binary applies it (its compiled-in migrations, in order, then the views of
// migrations/views.sql), or the documented form of schema/schema.sql, with
// the views after it. For reading and for other tools: tracedb builds its
// own databases itself, and also records the applied migrations in
// schema_version and the views' digest in schema_views, which no migration
// creates.
#include <cstdio>
#include <string_view>

#include "cli/commands.h"
#include "db/migration_list.h"
#include "db/schema_doc.h"

namespace tracedb {
namespace {

void Print(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

}  // namespace

int RunSchema(const SchemaArgs& args) {
  if (args.documented) {
    Print(DocumentedSchema());
    Print(SchemaViews().sql);
    return 0;
  }
  auto migrations =
      args.dialect == SchemaDialect::kPostgres ? PostgresMigrations() : SqliteMigrations();
  for (const Migration& migration : migrations) Print(migration.sql);
  Print(SchemaViews().sql);
  return 0;
}

}  // namespace tracedb

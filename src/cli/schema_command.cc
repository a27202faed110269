// tracedb schema: the SQL that builds a tracedb database, exactly as this
// binary applies it (its compiled-in migrations, in order, then the views of
// migrations/views.sql), or the documented form of schema/schema.sql, with
// the views after it. For reading and for other tools: tracedb builds its
// own databases itself, and also records the applied migrations in
// schema_version and the views' digest in schema_views, which no migration
// creates.
#include <cstdio>
#include <string_view>

#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "db/migration_list.h"
#include "db/schema_doc.h"

namespace tracedb {
namespace schema_command {
namespace {

constexpr Option kOptions[] = {
    {"dialect", "sqlite|postgresql", "the SQL dialect", "sqlite"},
    {"documented", nullptr, "schema/schema.sql, every column explained (SQLite's dialect)"},
};

constexpr OptionGroup kGroups[] = {{kOptions}};

constexpr UsageForm kUsage[] = {{.operands = ""}};

constexpr const char* kDescription =
    "Print the SQL that builds a tracedb database: the migrations compiled\n"
    "into this binary, in order, in the dialect asked for (default sqlite),\n"
    "then the views (migrations/views.sql). They are exactly what tracedb\n"
    "runs when it opens a new database, which it also records in the\n"
    "schema_version and schema_views tables; to make a database, let\n"
    "tracedb make it (ingest, or any command on an empty PostgreSQL\n"
    "database).\n"
    "\n"
    "--documented prints schema/schema.sql instead, then the views: the\n"
    "same schema as it stands after every migration, with each table and\n"
    "column explained (SQLite's dialect; PostgreSQL differs in type names\n"
    "and partitions).\n";

constexpr const char* kExamples =
    "tracedb schema --documented | less\n"
    "tracedb schema --dialect postgresql > tracedb-postgresql.sql\n";

enum class SchemaDialect { kSqlite, kPostgres };

struct SchemaArgs {
  SchemaDialect dialect = SchemaDialect::kSqlite;
  bool documented = false;  // schema/schema.sql (SQLite's dialect) instead of the migrations
};


void Print(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

int Schema(const SchemaArgs& args) {
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


int Run(const Arguments& arguments) {
  if (!arguments.operands.empty()) throw UsageError("takes no arguments");
  std::string dialect = *Text(arguments, "dialect");
  if (dialect != "sqlite" && dialect != "postgresql") {
    throw UsageError("--dialect must be sqlite or postgresql, not '" + dialect + "'");
  }
  SchemaArgs args{
      .dialect = dialect == "postgresql" ? SchemaDialect::kPostgres : SchemaDialect::kSqlite,
      .documented = Flag(arguments, "documented")};
  if (args.documented && args.dialect != SchemaDialect::kSqlite) {
    throw UsageError("--documented is in SQLite's dialect only");
  }
  return Schema(args);
}

}  // namespace
}  // namespace schema_command

const Command kSchemaCommand{
    .name = "schema",
    .summary = "print the SQL schema of a tracedb database",
    .usage = schema_command::kUsage,
    .options = schema_command::kGroups,
    .description = schema_command::kDescription,
    .examples = schema_command::kExamples,
    .run = schema_command::Run,
};

}  // namespace tracedb

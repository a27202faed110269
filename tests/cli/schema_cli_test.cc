// tracedb schema prints the compiled-in migrations, or schema/schema.sql,
// then migrations/views.sql, byte for byte.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::schema_cli_test {
namespace {

std::string SourcePath(const std::string& relative) {
  return std::string(TRACEDB_SOURCE_DIR) + "/" + relative;
}

// Every migrations/DIALECT/*.sql, in file name order, one after the other,
// then migrations/views.sql.
std::string MigrationFiles(const std::string& dialect) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(SourcePath("migrations/" + dialect))) {
    if (entry.path().extension() == ".sql") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::string all;
  for (const std::string& file : files) all += FileBytes(file);
  return all + FileBytes(SourcePath("migrations/views.sql"));
}

TEST(SchemaCli, PrintsTheSqliteMigrationsByDefault) {
  CliRun run = Tracedb("schema");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  ASSERT_FALSE(run.out.empty());
  EXPECT_EQ(run.out, MigrationFiles("sqlite"));
  EXPECT_EQ(Tracedb("schema --dialect sqlite").out, run.out);
}

TEST(SchemaCli, PrintsThePostgresqlMigrations) {
  CliRun run = Tracedb("schema --dialect postgresql");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, MigrationFiles("postgresql"));
}

TEST(SchemaCli, DocumentedIsSchemaSqlThenTheViews) {
  CliRun run = Tracedb("schema --documented");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, FileBytes(SourcePath("schema/schema.sql")) +
                         FileBytes(SourcePath("migrations/views.sql")));
}

TEST(SchemaCli, SqliteOutputBuildsADatabase) {
  std::string sql = Tracedb("schema").out;
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &db), SQLITE_OK);
  char* error = nullptr;
  int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  EXPECT_EQ(code, SQLITE_OK) << (error != nullptr ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

TEST(SchemaCli, RefusesAnUnknownDialect) {
  CliRun run = Tracedb("schema --dialect mysql");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "tracedb schema: --dialect must be sqlite or postgresql, not 'mysql'\n"
            "(run 'tracedb schema --help' for usage)\n");
}

TEST(SchemaCli, DocumentedIsInSqlitesDialectOnly) {
  CliRun run = Tracedb("schema --documented --dialect postgresql");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "tracedb schema: --documented is in SQLite's dialect only\n"
            "(run 'tracedb schema --help' for usage)\n");
}

}  // namespace
}  // namespace tracedb::testing::schema_cli_test

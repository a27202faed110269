// migrations/views.sql around the migrations (db/schema_views.h): an
// archive of every older schema version ends with exactly its views, on
// both backends; a views.sql the archive has not applied is applied without
// a migration; a PostgreSQL role that may only read keeps the views it has.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "db/migration_list.h"
#include "db/postgres/pg_connection.h"
#include "db/postgres/pg_migrate.h"
#include "db/schema_views.h"
#include "db/sqlite/sqlite_migrate.h"
#include "input/file_digest.h"
#include "support/backend_support.h"
#include "support/child_process.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::views_migration_test {
namespace {

std::string ViewsFile() {
  return FileBytes(std::string(TRACEDB_SOURCE_DIR) + "/migrations/views.sql");
}

// What tracedb does to an archive it opens for writing.
void MigrateArchive(TestDatabase& database) {
  if (database.backend() == Backend::kSqlite) {
    SqliteConnection connection(database.url());
    Migrate(connection);
  } else {
    PgConnection connection(database.url());
    MigratePostgres(connection);
  }
}

// Every view, "name|definition" as the database keeps it (SQLite: the
// statement's text; PostgreSQL: its own rendering).
std::vector<std::string> Views(TestDatabase& database) {
  if (database.backend() == Backend::kSqlite) {
    return database.Rows("SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY name");
  }
  return database.Rows(
      "SELECT viewname, definition FROM pg_views WHERE schemaname = 'public' ORDER BY viewname");
}

bool HasTable(TestDatabase& database, const std::string& table) {
  std::string sql =
      database.backend() == Backend::kSqlite
          ? "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '"
          : "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = '";
  return database.Rows(sql + table + "'") == std::vector<std::string>{"1"};
}

// Stand-ins for the views an archive of an older version has, which the
// migrations of that time made: one per view of views.sql whose table it
// has, reading every column of that table and of trace, as the real ones
// read theirs. A migration that changes such a column fails while a view
// reads it (PostgreSQL), or leaves the view on a table renamed away
// (SQLite): the migrator has to drop them before it migrates.
void AddOlderViews(TestDatabase& database) {
  for (const std::string& view : ViewNames(SchemaViews().sql)) {
    std::string table = view.substr(0, view.size() - std::string("_view").size());
    if (!HasTable(database, table)) continue;
    database.Exec("CREATE VIEW " + view + " AS SELECT x.*, tr.status, tr.name AS trace_name FROM " +
                  table + " x JOIN trace tr ON tr.id = x.trace_id");
  }
}

class ViewsMigration : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }

  // The views of a new archive.
  std::vector<std::string> NewArchiveViews() {
    TestDatabase fresh(GetParam(), "views_new");
    MigrateArchive(fresh);
    return Views(fresh);
  }
};

TEST(SchemaViewsText, IsTheFileByteForByteWithItsDigest) {
  EXPECT_EQ(SchemaViews().sql, ViewsFile());
  EXPECT_EQ(SchemaViews().digest, Sha256OfText(ViewsFile()));
}

TEST(SchemaViewsText, NamesTheViewsInOrderLeavingCommentsOut) {
  constexpr std::string_view kSql =
      "-- CREATE VIEW not_this AS SELECT 1;\n"
      "CREATE VIEW first_view AS SELECT 1; -- CREATE VIEW nor_this\n"
      "CREATE VIEW second_view AS SELECT 2;\n";
  EXPECT_EQ(ViewNames(kSql), (std::vector<std::string>{"first_view", "second_view"}));
  EXPECT_EQ(DropViewsSql({.sql = kSql}),
            "DROP VIEW IF EXISTS second_view;\nDROP VIEW IF EXISTS first_view;\n");
}

TEST(SchemaViewsText, ViewsSqlMakesTheElevenViews) {
  EXPECT_EQ(ViewNames(SchemaViews().sql),
            (std::vector<std::string>{"container_view", "state_view", "event_view", "variable_view",
                                      "link_view", "state_summary_view", "call_path_view",
                                      "event_summary_view", "variable_summary_view",
                                      "link_summary_view", "state_profile_view"}));
}

// A new archive has the views of views.sql, as written, and their digest.
TEST_P(ViewsMigration, ANewArchiveHasTheViewsOfViewsSql) {
  TestDatabase database(GetParam(), "views_of_new");
  MigrateArchive(database);
  std::vector<std::string> names = ViewNames(SchemaViews().sql);
  std::sort(names.begin(), names.end());
  std::vector<std::string> views = Views(database);
  ASSERT_EQ(views.size(), names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(views[i].substr(0, views[i].find('|')), names[i]);
    if (GetParam() == Backend::kSqlite) {  // SQLite keeps the statement as written
      EXPECT_NE(SchemaViews().sql.find(views[i].substr(views[i].find('|') + 1)),
                std::string_view::npos)
          << names[i];
    }
  }
  EXPECT_EQ(database.Rows("SELECT digest FROM schema_views"),
            std::vector<std::string>{std::string(SchemaViews().digest)});
}

// The migrations no longer make views: whatever views an archive of an
// older version has, it ends with exactly those of views.sql.
TEST_P(ViewsMigration, AnArchiveOfEveryOlderVersionEndsWithExactlyTheViewsOfViewsSql) {
  std::vector<std::string> expected = NewArchiveViews();
  for (size_t version = 1; version < SqliteMigrations().size(); ++version) {
    TestDatabase database(GetParam(), "views_from_" + std::to_string(version));
    MakeArchiveAtVersion(database, version, "");
    AddOlderViews(database);
    MigrateArchive(database);
    EXPECT_EQ(Views(database), expected) << "from version " << version;
    EXPECT_EQ(database.Rows("SELECT max(version) FROM schema_version"),
              std::vector<std::string>{std::to_string(SqliteMigrations().size())});
    EXPECT_EQ(database.Rows("SELECT digest FROM schema_views"),
              std::vector<std::string>{std::string(SchemaViews().digest)});
  }
}

// An archive whose views are not those of this views.sql (another digest,
// or none: a tracedb from before views.sql) gets them again, and no
// migration runs.
TEST_P(ViewsMigration, ViewsTheArchiveHasNotAppliedAreMadeAgainWithoutAMigration) {
  std::vector<std::string> expected = NewArchiveViews();
  for (const char* change :
       {"UPDATE schema_views SET digest = 'older'", "DROP TABLE schema_views"}) {
    TestDatabase database(GetParam(), "views_again");
    MigrateArchive(database);
    std::vector<std::string> versions = database.Rows("SELECT * FROM schema_version");
    database.Exec(std::string(change) +
                  "; DROP VIEW state_view; CREATE VIEW state_view AS SELECT 1 AS stale");
    MigrateArchive(database);
    EXPECT_EQ(Views(database), expected) << change;
    EXPECT_EQ(database.Rows("SELECT digest FROM schema_views"),
              std::vector<std::string>{std::string(SchemaViews().digest)});
    EXPECT_EQ(database.Rows("SELECT * FROM schema_version"), versions);
  }
}

// Opening an archive whose views are this binary's writes nothing.
TEST_P(ViewsMigration, ViewsAlreadyAppliedAreLeftAlone) {
  TestDatabase database(GetParam(), "views_kept");
  MigrateArchive(database);
  std::vector<std::string> recorded = database.Rows("SELECT * FROM schema_views");
  MigrateArchive(database);
  EXPECT_EQ(database.Rows("SELECT * FROM schema_views"), recorded);
}

INSTANTIATE_TEST_SUITE_P(Backends, ViewsMigration,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

// A PostgreSQL role that may only read cannot make the views again: it
// reads with those the archive has, as a reader of a read-only SQLite file
// does (RequireNewestSchema looks at the version only).
TEST(ViewsMigrationReadOnlyRole, KeepsTheViewsTheArchiveHas) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "views_read_only_role");
  MigrateArchive(database);
  database.Exec("UPDATE schema_views SET digest = 'older'");
  ReadOnlyRole reader(database, "views_reader");
  ChildRun query =
      RunTracedb({"query", "--csv", "--db", reader.url(), "SELECT count(*) AS n FROM state_view"});
  EXPECT_EQ(query.exit_code, 0) << query.err;
  EXPECT_EQ(query.out, "n\n0\n") << query.err;
  EXPECT_EQ(database.Rows("SELECT digest FROM schema_views"), std::vector<std::string>{"older"});
}

}  // namespace
}  // namespace tracedb::testing::views_migration_test

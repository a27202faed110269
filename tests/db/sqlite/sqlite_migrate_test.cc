// Migrate: fresh databases, pending migrations, failures, newer databases.
#include "db/sqlite/sqlite_migrate.h"

#include <gtest/gtest.h>

#include <regex>
#include <thread>

#include "db/db_error.h"
#include "db/migration_list.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::sqlite_migrate_test {
namespace {

const std::string kObjects =
    "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name";

constexpr Migration kFirst{1, "first", "CREATE TABLE one (x INTEGER);"};
constexpr Migration kSecond{2, "second",
                            "CREATE TABLE two (x INTEGER); INSERT INTO two VALUES (2);"};
constexpr Migration kBroken{2, "broken", "CREATE TABLE two (x INTEGER); SELEC oops;"};

TEST(SqliteMigrate, AFreshDatabaseGetsTheWholeSchema) {
  SqliteConnection connection(FreshDbPath("fresh.sqlite"));
  EXPECT_EQ(SchemaVersion(connection), 0);
  Migrate(connection);
  EXPECT_EQ(SchemaVersion(connection), static_cast<int>(SqliteMigrations().size()));
  EXPECT_EQ(Rows(connection, kObjects),
            (std::vector<std::string>{"index|call_path_container",
                                      "index|event_container_time",
                                      "index|event_summary_container",
                                      "index|link_container_time",
                                      "index|link_summary_containers",
                                      "index|link_summary_messages",
                                      "index|state_container_time",
                                      "index|state_duration_class",
                                      "index|state_long_time",
                                      "index|state_profile_bin",
                                      "index|state_summary_container",
                                      "index|trace_sha256",
                                      "index|variable_container_time",
                                      "index|variable_summary_container",
                                      "table|call_path",
                                      "table|container",
                                      "table|event",
                                      "table|event_summary",
                                      "table|link",
                                      "table|link_summary",
                                      "table|schema_version",
                                      "table|schema_views",
                                      "table|state",
                                      "table|state_duration",
                                      "table|state_profile",
                                      "table|state_summary",
                                      "table|trace",
                                      "table|type",
                                      "table|value",
                                      "table|variable",
                                      "table|variable_summary",
                                      "view|call_path_view",
                                      "view|container_view",
                                      "view|event_summary_view",
                                      "view|event_view",
                                      "view|link_summary_view",
                                      "view|link_view",
                                      "view|state_profile_view",
                                      "view|state_summary_view",
                                      "view|state_view",
                                      "view|variable_summary_view",
                                      "view|variable_view"}));
}

TEST(SqliteMigrate, EachMigrationIsRecordedWithItsNameAndUtcTime) {
  SqliteConnection connection(FreshDbPath("recorded.sqlite"));
  Migrate(connection);
  auto rows = Rows(connection, "SELECT version, name, applied_at FROM schema_version");
  ASSERT_EQ(rows.size(), 12u);
  EXPECT_TRUE(
      std::regex_match(rows[0], std::regex(R"(1\|initial\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[0];
  EXPECT_TRUE(
      std::regex_match(rows[1], std::regex(R"(2\|skipped_lines\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[1];
  EXPECT_TRUE(std::regex_match(
      rows[2], std::regex(R"(3\|partition_indexes\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[2];
  EXPECT_TRUE(
      std::regex_match(rows[3], std::regex(R"(4\|trace_tags\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[3];
  EXPECT_TRUE(
      std::regex_match(rows[4], std::regex(R"(5\|summaries\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[4];
  EXPECT_TRUE(
      std::regex_match(rows[5], std::regex(R"(6\|typed_data\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[5];
  EXPECT_TRUE(std::regex_match(
      rows[6], std::regex(R"(7\|duration_classes\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[6];
  EXPECT_TRUE(
      std::regex_match(rows[7], std::regex(R"(8\|long_states\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[7];
  EXPECT_TRUE(std::regex_match(
      rows[8], std::regex(R"(9\|partition_statistics\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[8];
  EXPECT_TRUE(std::regex_match(
      rows[9], std::regex(R"(10\|deleting_status\|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
      << rows[9];
}

TEST(SqliteMigrate, MigratingTwiceChangesNothing) {
  SqliteConnection connection(FreshDbPath("twice.sqlite"));
  Migrate(connection);
  auto before = Rows(connection, "SELECT * FROM schema_version");
  Migrate(connection);
  EXPECT_EQ(Rows(connection, "SELECT * FROM schema_version"), before);
}

TEST(SqliteMigrate, OnlyPendingMigrationsRun) {
  SqliteConnection connection(FreshDbPath("pending.sqlite"));
  Migration first[] = {kFirst};
  ApplyMigrations(connection, first);
  connection.Exec("INSERT INTO one VALUES (1)");
  Migration both[] = {kFirst, kSecond};
  ApplyMigrations(connection, both);
  EXPECT_EQ(SchemaVersion(connection), 2);
  EXPECT_EQ(Rows(connection, "SELECT x FROM one"), std::vector<std::string>{"1"});
  EXPECT_EQ(Rows(connection, "SELECT x FROM two"), std::vector<std::string>{"2"});
  EXPECT_EQ(Rows(connection, "SELECT version, name FROM schema_version ORDER BY version"),
            (std::vector<std::string>{"1|first", "2|second"}));
}

TEST(SqliteMigrate, AFailedMigrationIsNamedAndRolledBackWhole) {
  std::string path = FreshDbPath("broken.sqlite");
  SqliteConnection connection(path);
  Migration list[] = {kFirst, kBroken};
  EXPECT_EQ(ErrorOf([&] { ApplyMigrations(connection, list); }),
            path + ": migration 0002_broken failed: near \"SELEC\": syntax error");
  EXPECT_FALSE(connection.InTransaction());
  EXPECT_EQ(SchemaVersion(connection), 1);
  EXPECT_EQ(Rows(connection, "SELECT name FROM sqlite_master WHERE name = 'two'").size(), 0u);
}

TEST(SqliteMigrate, ANewerDatabaseIsRefusedUntouched) {
  std::string path = FreshDbPath("newer.sqlite");
  SqliteConnection connection(path);
  connection.Exec(
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
      " applied_at TEXT NOT NULL);"
      "INSERT INTO schema_version VALUES (99, 'future', '2030-01-01T00:00:00Z')");
  auto before = Rows(connection, kObjects);
  EXPECT_EQ(ErrorOf([&] { Migrate(connection); }),
            path + ": database schema version 99 is newer than this tracedb supports (" +
                std::to_string(SqliteMigrations().size()) + "); upgrade tracedb");
  EXPECT_EQ(Rows(connection, kObjects), before);
}

TEST(SqliteMigrate, ConcurrentFirstOpensMigrateOnce) {
  std::string path = FreshDbPath("concurrent.sqlite");
  std::vector<std::string> errors(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < errors.size(); ++i) {
    threads.emplace_back([&, i] {
      errors[i] = ErrorOf([&] {
        SqliteConnection connection(path);
        Migrate(connection);
      });
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& error : errors) EXPECT_EQ(error, "no error");
  SqliteConnection connection(path);
  EXPECT_EQ(
      Rows(connection, "SELECT version FROM schema_version"),
      (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}));
}

// A complete trace row as a tracedb of schema version 1 wrote it.
void InsertOldTrace(SqliteConnection& connection) {
  connection.Exec(
      "INSERT INTO trace (name, path, format, sha256, ingested_at, tool_version, status)"
      " VALUES ('old', '/old.paje', 'paje', 'ab', '2026-01-01T00:00:00Z', '0.1.0', 'complete')");
}

// Traces loaded before 0002 were all loaded strictly: they skipped nothing.
TEST(SqliteMigrate, TracesOfVersionOneSkippedNoLines) {
  SqliteConnection connection(FreshDbPath("upgrade.sqlite"));
  ApplyMigrations(connection, SqliteMigrations().first(1));
  InsertOldTrace(connection);
  Migrate(connection);
  EXPECT_EQ(SchemaVersion(connection), static_cast<int>(SqliteMigrations().size()));
  EXPECT_EQ(Rows(connection, "SELECT name, skipped_lines, skipped_errors FROM trace"),
            std::vector<std::string>{"old|0|NULL"});
}

// Traces loaded before 0004 have no tags; the column takes new ones.
TEST(SqliteMigrate, TracesOfVersionThreeHaveNoTags) {
  SqliteConnection connection(FreshDbPath("upgrade-tags.sqlite"));
  ApplyMigrations(connection, SqliteMigrations().first(3));
  InsertOldTrace(connection);
  Migrate(connection);
  EXPECT_EQ(Rows(connection, "SELECT version, name FROM schema_version WHERE version = 4"),
            std::vector<std::string>{"4|trace_tags"});
  connection.Exec("UPDATE trace SET tags = '{\"run\":\"3\"}' WHERE name = 'old'");
  EXPECT_EQ(Rows(connection, "SELECT name, json_extract(tags, '$.run') FROM trace"),
            std::vector<std::string>{"old|3"});
}

// 0005 gives the containers of older traces their paths; their summaries
// are left to `tracedb summarize` (profile_bins NULL).
TEST(SqliteMigrate, ContainersOfVersionFourGetTheirPaths) {
  SqliteConnection connection(FreshDbPath("upgrade-paths.sqlite"));
  ApplyMigrations(connection, SqliteMigrations().first(4));
  InsertOldTrace(connection);
  connection.Exec(
      "INSERT INTO container VALUES (1, 0, NULL, 0, '0', NULL, 0, 9, NULL),"
      " (1, 1, 0, 1, 'node1', NULL, 0, 9, NULL), (1, 2, 0, 1, 'node2', NULL, 0, 9, NULL),"
      " (1, 3, 1, 2, 'thread 1', NULL, 0, 9, NULL), (1, 4, 2, 2, 'thread 1', NULL, 0, 9, NULL)");
  Migrate(connection);
  EXPECT_EQ(Rows(connection, "SELECT id, path FROM container ORDER BY id"),
            (std::vector<std::string>{"0|NULL", "1|node1", "2|node2", "3|node1/thread 1",
                                      "4|node2/thread 1"}));
  EXPECT_EQ(Rows(connection, "SELECT profile_bins FROM trace"), std::vector<std::string>{"NULL"});
}

}  // namespace
}  // namespace tracedb::testing::sqlite_migrate_test

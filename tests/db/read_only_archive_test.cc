// A SQLite archive that the user may read but not write (a shared group
// folder): every reading command works on it, with the output it gives its
// owner, and leaves no file behind; the writing commands say why they
// cannot. Root reads and writes whatever the modes say, so as root the
// commands run without the capabilities that let it (setpriv, from
// util-linux), as the hostile-input tests do.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "db/db_error.h"
#include "db/migration_list.h"
#include "db/sqlite/sqlite_connection.h"
#include "db/sqlite/sqlite_migrate.h"
#include "support/backend_support.h"
#include "support/child_process.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::read_only_archive_test {
namespace {

namespace fs = std::filesystem;

constexpr fs::perms kReadOnlyFolder = fs::perms::owner_read | fs::perms::owner_exec |
                                      fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec;
constexpr fs::perms kReadOnlyFile =
    fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;

ChildRun RunAsReader(const std::vector<std::string>& args) {
  if (geteuid() != 0) return RunTracedb(args);
  std::vector<std::string> wrapped = {"--bounding-set=-dac_override,-dac_read_search",
                                      TRACEDB_BINARY};
  wrapped.insert(wrapped.end(), args.begin(), args.end());
  return RunChild("/usr/bin/setpriv", wrapped);
}

std::set<std::string> FilesIn(const fs::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

void SetModes(const fs::path& folder, fs::perms files, fs::perms self) {
  for (const auto& entry : fs::directory_iterator(folder)) fs::permissions(entry.path(), files);
  fs::permissions(folder, self);
}

class ReadOnlyArchive : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::path(FreshDbPath("read-only")).concat("-dir");
    fs::create_directories(folder_);
    db_ = (folder_ / "shared.sqlite").string();
    ChildRun ingest = RunTracedb(
        {"ingest", "-q", "--db", db_, std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje"});
    ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
    csv_ = fs::path(FreshDbPath("read-only-csv"));
  }

  void TearDown() override {
    SetModes(folder_, fs::perms::owner_all, fs::perms::owner_all);
    fs::remove_all(folder_);
  }

  void MakeReadOnly() { SetModes(folder_, kReadOnlyFile, kReadOnlyFolder); }

  // What each reading command prints, and how it ends.
  std::vector<std::string> Readings(ChildRun (*run)(const std::vector<std::string>&)) {
    std::vector<std::vector<std::string>> commands = {
        {"list", "--db", db_},
        {"info", "--db", db_, "1"},
        {"query", "--db", db_, "SELECT value, count(*) FROM state_view GROUP BY value"},
        {"dump", "--threads", "1", "--db", db_, "1"},  // in one order
        {"export-csv", "--force", "--db", db_, "1", csv_.string()},
    };
    std::vector<std::string> outcomes;
    for (const auto& args : commands) {
      ChildRun result = run(args);
      outcomes.push_back(args[0] + " exit " + std::to_string(result.exit_code) + "\n" + result.out +
                         result.err);
    }
    outcomes.push_back(ReadWholeFile((csv_ / "state.csv").string()));
    return outcomes;
  }

  static ChildRun AsOwner(const std::vector<std::string>& args) { return RunTracedb(args); }

  fs::path folder_;
  fs::path csv_;
  std::string db_;
};

TEST_F(ReadOnlyArchive, EveryReadingCommandGivesTheOwnersOutputAndWritesNothing) {
  std::vector<std::string> owners = Readings(AsOwner);
  ASSERT_EQ(owners[0].rfind("list exit 0\n", 0), 0u) << owners[0];
  std::set<std::string> files = FilesIn(folder_);
  // The -wal and -shm stay beside the archive: a reader who cannot create
  // them needs them there.
  EXPECT_EQ(files,
            (std::set<std::string>{"shared.sqlite", "shared.sqlite-shm", "shared.sqlite-wal"}));
  // Empty: everything is in the archive's file (journal_size_limit 0).
  EXPECT_EQ(fs::file_size(db_ + "-wal"), 0u);
  MakeReadOnly();
  EXPECT_EQ(Readings(RunAsReader), owners);
  EXPECT_EQ(FilesIn(folder_), files);
}

TEST_F(ReadOnlyArchive, WithoutItsWalFilesTheArchiveIsReadAsImmutable) {
  std::vector<std::string> owners = Readings(AsOwner);
  fs::remove(db_ + "-wal");
  fs::remove(db_ + "-shm");
  MakeReadOnly();
  EXPECT_EQ(Readings(RunAsReader), owners);
  EXPECT_EQ(FilesIn(folder_), std::set<std::string>{"shared.sqlite"});
}

TEST_F(ReadOnlyArchive, WritingCommandsSayWhyTheyCannot) {
  MakeReadOnly();
  std::string expected = "tracedb: " + db_ +
                         ": read-only for this user (the file or its folder is not writable); "
                         "list, info, query, dump and export-csv still read it\n";
  for (std::vector<std::string> args :
       {std::vector<std::string>{"delete", "--db", db_, "1"},
        std::vector<std::string>{"summarize", "--db", db_},
        std::vector<std::string>{"ingest", "-q", "--db", db_,
                                 std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje"}}) {
    ChildRun run = RunAsReader(args);
    EXPECT_EQ(run.exit_code, 1) << args[0];
    EXPECT_EQ(run.err, expected) << args[0];
  }
  ChildRun list = RunAsReader({"list", "--db", db_});
  EXPECT_NE(list.out.find("ring.paje  complete"), std::string::npos) << list.out;
}

// A PostgreSQL role that may only read: the reading commands work, and a
// load whose loader is gone stays listed as loading instead of failing
// `list` with "permission denied".
TEST(ReadOnlyRole, ReadingCommandsWorkForARoleThatMayOnlyRead) {
  if (PostgresTestServer().empty()) GTEST_SKIP() << "no PostgreSQL test server";
  TestDatabase database(Backend::kPostgres, "read_only_role");
  ChildRun ingest = RunTracedb({"ingest", "-q", "--db", database.url(),
                                std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje"});
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  ReadOnlyRole reader(database, "reader");
  database.Exec(
      "INSERT INTO trace (name, path, format, sha256, ingested_at, tool_version, status)"
      " VALUES ('dead.paje', '/y', 'paje', '01', '2026-01-01T00:00:00Z', '0.1.0', 'loading')");
  const std::string& url = reader.url();
  ChildRun list = RunTracedb({"list", "--db", url});
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list.err, "");
  EXPECT_NE(list.out.find(" 2  dead.paje  loading "), std::string::npos) << list.out;
  ChildRun query = RunTracedb({"query", "--csv", "--db", url, "SELECT count(*) AS n FROM state"});
  EXPECT_EQ(query.out, "n\n48\n") << query.err;
  ChildRun dump = RunTracedb({"dump", "--db", url, "1"});
  EXPECT_EQ(dump.exit_code, 0) << dump.err;
}

// An archive of an older schema cannot be migrated by a reader: it says
// who can.
TEST(ReadOnlySchema, AnOlderSchemaIsRefusedWithWhoCanUpgradeIt) {
  std::string db = FreshDbPath("older.sqlite");
  {
    SqliteConnection writer(db);
    ApplyMigrations(writer, SqliteMigrations().first(1));
  }
  SqliteConnection reader(db, SqliteFile::kReadOnlyArchive);
  int newest = SqliteMigrations().back().version;
  try {
    RequireNewestSchema(reader);
    FAIL() << "an older schema was accepted";
  } catch (const DbError& e) {
    EXPECT_EQ(std::string(e.what()),
              db + ": database schema version 1 is older than this tracedb's (" +
                  std::to_string(newest) +
                  ") and read-only here: the next tracedb command of a user who may write it "
                  "upgrades it");
  }
}

TEST(ReadOnlySchema, TheNewestSchemaIsAccepted) {
  std::string db = FreshDbPath("newest.sqlite");
  {
    SqliteConnection writer(db);
    Migrate(writer);
  }
  SqliteConnection reader(db, SqliteFile::kReadOnlyArchive);
  EXPECT_NO_THROW(RequireNewestSchema(reader));
}

}  // namespace
}  // namespace tracedb::testing::read_only_archive_test

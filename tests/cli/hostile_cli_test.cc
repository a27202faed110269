// Hostile command lines, through the real tracedb binary: bad arguments
// exit 2 with the usage hint; a --db that is not a tracedb database (a
// folder, text, random bytes, another program's SQLite file, a cut-short
// archive) fails every command with a clear message and is left exactly as
// it was; and TRACE arguments made of digits are never silently taken for
// the wrong trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "db/sqlite/sqlite_connection.h"
#include "support/child_process.h"
#include "support/sqlite_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::hostile_cli_test {
namespace {

namespace fs = std::filesystem;

// ---- bad command lines ---------------------------------------------------

struct BadUsage {
  std::string name;
  std::vector<std::string> args;
  std::string error;  // the first line of stderr, without "tracedb COMMAND: "
};

// Who says a usage error: "tracedb dump" when the arguments start with a
// command, else "tracedb"; it also names the help to read.
std::string Speaker(const std::vector<std::string>& args) {
  for (const char* command :
       {"dump", "ingest", "watch", "list", "info", "delete", "query", "schema", "export-csv",
        "profile", "comm", "compare"}) {
    if (!args.empty() && args[0] == command) return std::string("tracedb ") + command;
  }
  return "tracedb";
}

void PrintTo(const BadUsage& row, std::ostream* out) { *out << row.name; }

class BadCommandLine : public ::testing::TestWithParam<BadUsage> {};

TEST_P(BadCommandLine, ExitsTwoWithTheUsageHint) {
  const BadUsage& row = GetParam();
  ChildRun run = RunTracedb(row.args);
  EXPECT_FALSE(run.signaled);
  EXPECT_EQ(run.exit_code, 2);
  std::string speaker = Speaker(row.args);
  EXPECT_EQ(run.err, speaker + ": " + row.error + "\n(run '" + speaker + " --help' for usage)\n");
  EXPECT_EQ(run.out, "");
}

std::vector<BadUsage> BadUsages() {
  return {
      {"NoCommand", {}, "missing COMMAND"},
      {"HelpOfAnUnknownCommand", {"help", "nosuch"}, "unknown command 'nosuch'"},
      {"HelpOfTwoCommands", {"help", "list", "info"}, "help takes one COMMAND"},
      {"ShortOptionUnknown", {"dump", "-x", "a.paje"}, "option -x does not exist"},
      {"JobsNotANumber",
       {"watch", "--jobs", "many", "dir"},
       "--jobs must be a whole number from 1 to 64, not 'many'"},
      {"StableSecondsNegative",
       {"watch", "--stable-seconds", "-1", "dir"},
       "--stable-seconds must be a number of seconds, 0 or more, not '-1'"},
      {"UnknownCommand", {"dumpp", "x.paje"}, "unknown command 'dumpp'"},
      {"OptionInsteadOfCommand", {"--db", "x.sqlite"}, "unknown command '--db'"},
      {"DumpWithoutFile", {"dump"}, "missing FILE"},
      {"DumpTwoFiles", {"dump", "a.paje", "b.paje"}, "one FILE only"},
      {"UnknownOption", {"dump", "--frobnicate", "a.paje"}, "option --frobnicate does not exist"},
      {"OptionWithoutItsValue", {"list", "--db"}, "option --db is missing an argument"},
      {"ThreadsNotANumber",
       {"dump", "--threads", "many", "a.paje"},
       "--threads must be a whole number from 0 to 64, not 'many'"},
      {"ThreadsNegative",
       {"dump", "--threads", "-1", "a.paje"},
       "--threads must be a whole number from 0 to 64, not '-1'"},
      // 100000 threads used to be started, and failed as "Resource
      // temporarily unavailable" with exit code 1.
      {"ThreadsAbsurd",
       {"ingest", "--threads", "100000", "a.paje"},
       "--threads must be a whole number from 0 to 64, not '100000'"},
      {"BatchSizeZero",
       {"ingest", "--batch-size", "0", "a.paje"},
       "--batch-size must be a whole number from 1 to 10000000, not '0'"},
      {"BatchSizeTooLargeForAnyType",
       {"ingest", "--batch-size", "99999999999999999999", "a.paje"},
       "--batch-size must be a whole number from 1 to 10000000, not "
       "'99999999999999999999'"},
      {"BadFormat",
       {"dump", "--format", "pcf", "a.paje"},
       "--format must be auto, paje, paraver or otf2, not 'pcf'"},
      {"BadLogLevel", {"list", "--log-level", "loud"}, "unknown log level 'loud'"},
      {"ListWithAnArgument", {"list", "extra"}, "takes no arguments"},
      {"InfoWithoutTrace", {"info", "--json"}, "missing TRACE"},
      {"ProfileWithoutTrace", {"profile", "--csv"}, "missing TRACE"},
      {"ProfileBothFormats", {"profile", "--csv", "--json", "1"}, "--csv or --json, not both"},
      {"ProfileToNotANumber",
       {"profile", "--to", "1e999", "1"},
       "--to must be a time of the trace (a number), not '1e999'"},
      {"CommLimitNegative",
       {"comm", "--limit", "-1", "1"},
       "--limit must be a whole number from 0 to 9223372036854775807, not '-1'"},
      {"CompareThreeTraces", {"compare", "1", "2", "3"}, "give two traces, A and B"},
      {"CompareByNothing",
       {"compare", "--by", "node", "1", "2"},
       "--by must be value or container, not 'node'"},
      {"InfoTwoTraces", {"info", "1", "2"}, "one TRACE only"},
      // cxxopts kept the last one: a window other than the one meant.
      {"FromTwice",
       {"profile", "--from", "2", "--to", "9", "--from", "5", "1"},
       "--from is given twice; it takes one value"},
      {"DbTwice", {"list", "--db", "a.db", "--db=b.db"}, "--db is given twice; it takes one value"},
      {"DeleteWithoutTrace", {"delete", "--vacuum"}, "missing TRACE (or --failed)"},
      {"NameForTwoFiles",
       {"ingest", "--name", "x", "a.paje", "b.paje"},
       "--name names one trace: give one FILE"},
      {"TagWithoutValue", {"ingest", "--tag", "run", "a.paje"}, "--tag wants KEY=VALUE, not 'run'"},
      {"TagKeyWithABlank",
       {"ingest", "--tag", "my run=3", "a.paje"},
       "a tag's KEY is letters, digits, '_', '.' and '-', not 'my run'"},
      {"TagTwice", {"watch", "--tag", "run=3", "--tag", "run=4", "dir"}, "--tag run given twice"},
      {"NamePatternUnclosed",
       {"ingest", "--tags-from-name", "run{run", "a.paje"},
       "--tags-from-name: a '{' without its '}'"},
      {"NamePatternWithoutKey",
       {"watch", "--tags-from-name", "run*.paje", "dir"},
       "--tags-from-name: no {KEY} in 'run*.paje'"},
      {"ListBadStatus",
       {"list", "--status", "done"},
       "--status must be loading, complete, failed or deleting, not 'done'"},
      {"QueryInPieces", {"query", "SELECT", "1"}, "give the SQL as one argument (in quotes)"},
      {"QueryCsvAndJson", {"query", "--csv", "--json", "SELECT 1"}, "--csv or --json, not both"},
      {"EmptyDatabasePath", {"list", "--db", ""}, "--db: empty database path"},
  };
}

template <typename Row>
std::string RowName(const ::testing::TestParamInfo<Row>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Hostile, BadCommandLine, ::testing::ValuesIn(BadUsages()),
                         RowName<BadUsage>);

// ---- a --db that is not a tracedb database -------------------------------

struct BadDb {
  std::string name;
  void (*make)(const std::string& path);  // nullptr: nothing there
  std::string error;                      // of every command; "{DB}": the path
};

void PrintTo(const BadDb& row, std::ostream* out) { *out << row.name; }

std::string FolderFor(const std::string& row) {
  fs::path folder = fs::path(WriteTempFile(".baddb", "")).parent_path() / "baddb" / row;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder.string();
}

// What is in `folder`, names and bytes: the database path and any -wal,
// -shm or -journal file SQLite might have left beside it.
std::vector<std::string> Contents(const std::string& folder) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(folder)) {
    std::string kind = entry.is_directory() ? "folder" : FileBytes(entry.path().string());
    found.push_back(entry.path().filename().string() + ": " + kind);
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

class BadDatabase : public ::testing::TestWithParam<BadDb> {};

TEST_P(BadDatabase, EveryCommandFailsAndLeavesItAsItWas) {
  const BadDb& row = GetParam();
  std::string folder = FolderFor(row.name);
  std::string db = folder + "/archive.sqlite";
  if (row.make != nullptr) row.make(db);
  std::string trace = WriteTempFile("baddb-trace.paje", Header());
  std::vector<std::string> before = Contents(folder);
  const std::vector<std::vector<std::string>> commands = {
      {"ingest", "-q", "--db", db, trace}, {"list", "--db", db},
      {"info", "--db", db, "1"},           {"delete", "--db", db, "1"},
      {"query", "--db", db, "SELECT 1"},   {"dump", "--db", db, "1"},
      {"profile", "--db", db, "1"},        {"comm", "--db", db, "1"},
      {"compare", "--db", db, "1", "2"}};
  for (const auto& args : commands) {
    ChildRun run = RunTracedb(args);
    EXPECT_FALSE(run.signaled) << args[0];
    EXPECT_EQ(run.exit_code, 1) << args[0];
    EXPECT_EQ(run.err, "tracedb: " + Replace(row.error, "{DB}", db) + "\n") << args[0];
    EXPECT_EQ(run.out, "") << args[0];
    EXPECT_EQ(Contents(folder), before) << args[0] << " changed the folder of the database";
  }
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::vector<BadDb> BadDbs() {
  return {
      {"Folder", +[](const std::string& p) { fs::create_directories(p); },
       "{DB}: is a directory, not a database file"},
      {"TextFile", +[](const std::string& p) { WriteText(p, "id,name\n1,run.paje\n"); },
       "{DB}: not a tracedb database (file is not a database)"},
      {"RandomBytes",
       +[](const std::string& p) {
         std::string bytes;
         for (unsigned i = 0; i < 8192; ++i) bytes += static_cast<char>((i * 2654435761u) >> 24);
         WriteText(p, bytes);
       },
       "{DB}: not a tracedb database (file is not a database)"},
      {"AnotherProgramsSqlite",
       +[](const std::string& p) {
         SqliteConnection c(p, SqliteFile::kScratch);  // no tracedb check, no WAL
         c.Exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
       },
       "{DB}: not a tracedb database (it has tables but no schema_version table)"},
      {"ArchiveCutShort",
       +[](const std::string& p) {
         std::string whole = FreshDbPath("whole.sqlite");
         RunTracedb({"ingest", "-q", "--db", whole, WriteTempFile("w.paje", Header())});
         WriteText(p, FileBytes(whole).substr(0, 40000));
       },
       "{DB}: database disk image is malformed"},
  };
}

INSTANTIATE_TEST_SUITE_P(Hostile, BadDatabase, ::testing::ValuesIn(BadDbs()), RowName<BadDb>);

// Only ingest creates an archive; the others refuse a missing one (dump
// --db used to create an empty database there).
TEST(HostileDatabase, ReadingCommandsDoNotCreateAMissingDatabase) {
  std::string folder = FolderFor("NoDatabase");
  std::string db = folder + "/archive.sqlite";
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"list", "--db", db},
                                             {"info", "--db", db, "1"},
                                             {"delete", "--db", db, "1"},
                                             {"query", "--db", db, "SELECT 1"},
                                             {"dump", "--db", db, "1"}}) {
    ChildRun run = RunTracedb(args);
    EXPECT_EQ(run.exit_code, 1) << args[0];
    EXPECT_EQ(run.err, "tracedb: " + db + ": no such database (tracedb ingest --db " + db +
                           " FILE creates it)\n")
        << args[0];
    EXPECT_EQ(Contents(folder), std::vector<std::string>{}) << args[0];
  }
}

TEST(HostileDatabase, IngestIntoAMissingFolderSaysWhy) {
  std::string db = FolderFor("NoFolder") + "/missing/archive.sqlite";
  ChildRun run = RunTracedb({"ingest", "-q", "--db", db, WriteTempFile("nf.paje", Header())});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "tracedb: " + db + ": no folder " + FolderFor("NoFolder") +
                         "/missing to hold the database\n");
  ChildRun list = RunTracedb({"list", "--db", db});
  EXPECT_EQ(list.exit_code, 1);
  EXPECT_EQ(list.err, run.err);
}

// An ingest whose every file fails before loading (missing, empty) creates
// no archive: a new SQLite file is made only for a trace to load.
TEST(HostileDatabase, AnIngestThatLoadsNothingCreatesNoArchive) {
  std::string folder = FolderFor("NothingLoaded");
  std::string db = folder + "/archive.sqlite";
  std::string empty = WriteTempFile("nothing-loaded.paje", "");
  ChildRun run = RunTracedb({"ingest", "-q", "--db", db, folder + "/missing.paje", empty});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, folder + "/missing.paje: cannot open: No such file or directory\n" + empty +
                         ": empty file\n");
  EXPECT_EQ(Contents(folder), std::vector<std::string>{});
  ChildRun some = RunTracedb(
      {"ingest", "-q", "--db", db, empty, WriteTempFile("something-loaded.paje", Header())});
  EXPECT_EQ(some.exit_code, 1);
  EXPECT_EQ(some.err, empty + ": empty file\n");
  ChildRun query = RunTracedb({"query", "--csv", "--db", db, "SELECT name, status FROM trace"});
  EXPECT_EQ(query.out, "name,status\nsomething-loaded.paje,complete\n");
}

// SQLite would take a zero-byte file for an empty database, and migrating
// it wrote tracedb's schema into a file the user made: only ingest, which
// creates archives, makes it one.
TEST(HostileDatabase, AZeroByteFileIsNoArchiveUntilAnIngestMakesItOne) {
  std::string folder = FolderFor("ZeroBytes");
  std::string db = folder + "/archive.sqlite";
  WriteText(db, "");
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"list", "--db", db},
                                             {"info", "--db", db, "1"},
                                             {"delete", "--db", db, "1"},
                                             {"summarize", "--db", db},
                                             {"query", "--db", db, "SELECT 1"}}) {
    ChildRun run = RunTracedb(args);
    EXPECT_EQ(run.exit_code, 1) << args[0];
    EXPECT_EQ(run.err, "tracedb: " + db +
                           ": an empty file, not a tracedb archive (tracedb ingest "
                           "--db " +
                           db + " FILE makes it one)\n")
        << args[0];
    EXPECT_EQ(Contents(folder), std::vector<std::string>{"archive.sqlite: "}) << args[0];
  }
  ChildRun ingest = RunTracedb({"ingest", "-q", "--db", db, WriteTempFile("zero.paje", Header())});
  EXPECT_EQ(ingest.exit_code, 0) << ingest.err;
  ChildRun query = RunTracedb({"query", "--csv", "--db", db, "SELECT name FROM trace"});
  EXPECT_EQ(query.out, "name\nzero.paje\n");
}

// A misspelt scheme would have made a SQLite file of that name; the
// password never shows.
TEST(HostileDatabase, AMisspeltPostgresUrlIsNamedWithAHint) {
  ChildRun run = RunTracedb({"list", "--db", "postgresq://alice:secret@db1/traces"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "tracedb: postgresq://...: unknown kind of database (a --db is a SQLite file or a "
            "postgresql:// URL); did you mean postgresql://alice@db1/traces?\n");
  EXPECT_FALSE(fs::exists("postgresq:"));
}

}  // namespace
}  // namespace tracedb::testing::hostile_cli_test

namespace tracedb::testing::hostile_cli_test {
namespace {

// ---- TRACE arguments made of digits --------------------------------------

// An archive where names and ids collide: trace 1 "a.paje", trace 2 named
// "1", trace 3 named "7".
class TraceArgument : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = FolderFor("TraceArgument");
    db_ = folder_ + "/archive.sqlite";
    Load("a.paje", "12 1 E t1 a\n");
    Load("1", "12 1 E t1 one\n");
    Load("7", "12 1 E t1 seven\n");
  }

  void Load(const std::string& name, const std::string& body) {
    std::string path = folder_ + "/" + name;
    std::ofstream(path, std::ios::binary) << Header() + body;
    ChildRun run = RunTracedb({"ingest", "-q", "--db", db_, path});
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  // The id `info --json` shows for `trace`, or its error.
  std::string InfoId(const std::string& trace) {
    ChildRun run = RunTracedb({"info", "--json", "--db", db_, trace});
    if (run.exit_code != 0) return run.err;
    size_t comma = run.out.find(',');
    return run.out.substr(0, comma);
  }

  std::string Ambiguous(const std::string& n, const std::string& trace, const std::string& name,
                        const std::string& other) {
    return "tracedb: " + db_ + ": \"" + n + "\" is both the id of trace " + trace + " (" + name +
           ") and the name of trace " + other + " (complete); say id:" + n + " or name:" + n + "\n";
  }

  std::string folder_;
  std::string db_;
};

TEST_F(TraceArgument, DigitsThatAreAnIdAndAnotherTracesNameAreRefused) {
  std::string refused = Ambiguous("1", "1", "a.paje", "2");
  EXPECT_EQ(InfoId("1"), refused);
  ChildRun dump = RunTracedb({"dump", "--db", db_, "1"});
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, refused);
  EXPECT_EQ(dump.out, "");
  ChildRun del = RunTracedb({"delete", "--db", db_, "1"});
  EXPECT_EQ(del.exit_code, 1);
  EXPECT_EQ(del.err, refused);
  SqliteConnection c(db_);
  EXPECT_EQ(Rows(c, "SELECT id, name FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|a.paje", "2|1", "3|7"}));
}

TEST_F(TraceArgument, IdAndNamePrefixesSayWhich) {
  EXPECT_EQ(InfoId("id:1"), "{\"id\":1");
  EXPECT_EQ(InfoId("name:1"), "{\"id\":2");
  EXPECT_EQ(InfoId("name:a.paje"), "{\"id\":1");
  EXPECT_EQ(InfoId("a.paje"), "{\"id\":1");
  EXPECT_EQ(InfoId("id:7"), "tracedb: " + db_ + ": no trace 'id:7' (see tracedb list)\n");
  EXPECT_EQ(InfoId("name:3"), "tracedb: " + db_ + ": no trace 'name:3' (see tracedb list)\n");
  CliRun file = Tracedb("dump " + folder_ + "/1");
  ChildRun stored = RunTracedb({"dump", "--db", db_, "name:1"});
  EXPECT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
}

TEST_F(TraceArgument, BareDigitsAreAnIdOrElseAName) {
  EXPECT_EQ(InfoId("2"), "{\"id\":2");  // its name is "1"; no trace is named "2"
  EXPECT_EQ(InfoId("3"), "{\"id\":3");  // its name is "7"
  EXPECT_EQ(InfoId("7"), "{\"id\":3");  // no trace 7: the trace named "7"
  EXPECT_EQ(InfoId("9"), "tracedb: " + db_ + ": no trace '9' (see tracedb list)\n");
}

TEST_F(TraceArgument, OnceTheCollisionIsGoneDigitsWorkAgain) {
  ChildRun del = RunTracedb({"delete", "--db", db_, "name:1"});
  EXPECT_EQ(del.exit_code, 0) << del.err;
  EXPECT_EQ(del.err, "deleted trace 2 (1)\n");
  EXPECT_EQ(InfoId("1"), "{\"id\":1");
}

// A full disk under the output is an error, not a success: every command
// that prints through stdio says so and exits 1 (profile > /dev/full used to
// exit 0, printing nothing). dump writes on its own and says why.
TEST(HostileOutput, AFullDiskUnderTheOutputFailsEveryPrintingCommand) {
  std::string db = FreshDbPath("full_output.sqlite");
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  ASSERT_EQ(RunTracedb({"ingest", "-q", "--db", db, ring}).exit_code, 0);
  const std::vector<std::string> commands = {
      "schema", "list --db " + db, "info --db " + db + " 1", "profile --db " + db + " 1",
      "profile --csv --by container --db " + db + " 1", "comm --json --db " + db + " 1",
      "query --csv --db " + db + " 'SELECT * FROM state'", "--help"};
  for (const std::string& command : commands) {
    ChildRun run = RunChild("/bin/sh", {"-c", "exec " + std::string(TRACEDB_BINARY) + " " +
                                                  command + " > /dev/full"});
    EXPECT_EQ(run.exit_code, 1) << command;
    EXPECT_EQ(run.err, "tracedb: cannot write the output\n") << command;
  }
  ChildRun dump = RunChild(
      "/bin/sh", {"-c", "exec " + std::string(TRACEDB_BINARY) + " dump " + ring + " > /dev/full"});
  EXPECT_EQ(dump.exit_code, 1);
  EXPECT_EQ(dump.err, "tracedb: error: cannot write the output: No space left on device\n");
}

// A SQLite archive on a full disk can still be read: its readers cannot grow
// the -shm file they share, so they read the file alone (its -wal is empty);
// a writer's error says what is wrong, where SQLite says "disk I/O error".
// In a mount namespace of its own, with a 4 MB tmpfs filled up: root only.
TEST(HostileDisk, AnArchiveOnAFullDiskIsReadAndAWriterSaysTheDiskIsFull) {
  if (std::system("unshare -m true 2>/dev/null") != 0) {
    GTEST_SKIP() << "cannot make a mount namespace (unshare -m: root only)";
  }
  std::string db = FreshDbPath("full_disk.sqlite");
  std::string ring = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
  ASSERT_EQ(RunTracedb({"ingest", "-q", "--db", db, ring}).exit_code, 0);
  std::string dir = db + ".mount";
  std::filesystem::create_directory(dir);
  std::string tracedb = TRACEDB_BINARY;
  std::string script =
      "mount -t tmpfs -o size=4m tmpfs " + dir + " && cp " + db + " " + dir + "/a.db && rm -f " +
      dir + "/a.db-shm && : > " + dir + "/a.db-shm && " + "(dd if=/dev/zero of=" + dir +
      "/fill bs=4k 2>/dev/null; true) && " + tracedb + " list --csv --db " + dir + "/a.db && " +
      tracedb + " query --csv --db " + dir + "/a.db 'SELECT count(*) FROM state' && " + tracedb +
      " ingest -q --db " + dir + "/a.db " + ring + " --force; echo exit $?";
  ChildRun run = RunChild("/usr/bin/unshare", {"-m", "/bin/sh", "-c", script});
  EXPECT_NE(run.out.find("\n1,ring.paje," + ring + ",paje,5621,"), std::string::npos)
      << run.out << run.err;
  EXPECT_NE(run.out.find("count(*)\n48\nexit 1\n"), std::string::npos) << run.out << run.err;
  EXPECT_EQ(run.err, "tracedb: " + dir +
                         "/a.db: disk I/O error (no room for the a.db-shm file that its readers "
                         "and writers share: is the disk full?)\n");
}

}  // namespace
}  // namespace tracedb::testing::hostile_cli_test

// Trace content and file names are data, never SQL: names, comments,
// container names and values full of quotes, semicolons, backslashes and SQL
// fragments are stored and printed verbatim, on both backends, and the
// archive's other trace and tables are untouched.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::injection_test {
namespace {

const std::string kHostileName = "it's; DROP TABLE trace; --.paje";
const std::string kHostileComment = "x'); DELETE FROM trace; -- \"quoted\" back\\slash";

// Containers and values whose names are SQL fragments.
const char* kHostileBody =
    "6 0 h1 T n1 \"rank'0; DROP TABLE state; --\"\n"
    "6 0 h2 T n1 back\\slash\n"
    "8 1.0 S h1 \"'); DELETE FROM container WHERE ('1'='1\"\n"
    "12 2.0 E h2 \"Robert'); DROP TABLE event;--\"\n"
    "16 1.5 L 0 \"a;b\" h1 \"k'1\"\n"
    "17 2.5 L 0 \"a;b\" h2 \"k'1\"\n";

std::string ShellQuoted(const std::string& text) {
  return "'" + std::regex_replace(text, std::regex("'"), "'\\''") + "'";
}

class Injection : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "injection");
    db_ = database_->url();
    ring_ = std::string(TRACEDB_SOURCE_DIR) + "/examples/ring.paje";
    ASSERT_EQ(Tracedb("ingest -q --db " + ShellQuoted(db_) + " " + ring_).exit_code, 0);
    hostile_ = WriteTempFile(kHostileName, Header() + kHostileBody);
  }

  CliRun Run(const std::string& args) { return Tracedb(args + " --db " + ShellQuoted(db_)); }

  std::unique_ptr<TestDatabase> database_;
  std::string db_, ring_, hostile_;
};

TEST_P(Injection, HostileNamesAndCommentsAreStoredAndPrintedVerbatim) {
  std::vector<std::string> ring_counts = database_->RowCounts(1);
  CliRun ingest =
      Run("ingest -q --comment " + ShellQuoted(kHostileComment) + " " + ShellQuoted(hostile_));
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  EXPECT_EQ(database_->Rows("SELECT id, name, comment, status FROM trace ORDER BY id"),
            (std::vector<std::string>{"1|ring.paje|NULL|complete",
                                      "2|" + kHostileName + "|" + kHostileComment + "|complete"}));
  EXPECT_EQ(database_->Rows("SELECT container, value FROM state_view WHERE trace_id = 2"),
            std::vector<std::string>{
                "rank'0; DROP TABLE state; --|'); DELETE FROM container WHERE ('1'='1"});
  EXPECT_EQ(database_->Rows("SELECT container, value FROM event_view WHERE trace_id = 2"),
            std::vector<std::string>{"back\\slash|Robert'); DROP TABLE event;--"});
  EXPECT_EQ(database_->Rows("SELECT value, key, start_container, end_container FROM link_view"
                            " WHERE trace_id = 2"),
            std::vector<std::string>{"a;b|k'1|rank'0; DROP TABLE state; --|back\\slash"});
  // The name works as a trace name in every command.
  CliRun info = Run("info --json " + ShellQuoted(kHostileName));
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("\"name\":\"it's; DROP TABLE trace; --.paje\""), std::string::npos);
  CliRun stored = Run("dump " + ShellQuoted(kHostileName));
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(Tracedb("dump " + ShellQuoted(hostile_)).out));
  // The other trace and every table are still there.
  EXPECT_EQ(database_->RowCounts(1), ring_counts);
  CliRun deleted = Run("delete " + ShellQuoted(kHostileName));
  EXPECT_EQ(deleted.exit_code, 0) << deleted.err;
  EXPECT_EQ(deleted.err, "deleted trace 2 (" + kHostileName + ")\n");
  EXPECT_EQ(database_->Rows("SELECT id FROM trace"), std::vector<std::string>{"1"});
}

TEST_P(Injection, AHostileTraceNameOnTheCommandLineIsOnlyAName) {
  for (const char* name : {"1 OR 1=1", "x' OR '1'='1", "1; DROP TABLE trace"}) {
    CliRun info = Run(std::string("info ") + ShellQuoted(name));
    EXPECT_EQ(info.exit_code, 1) << name;
    EXPECT_EQ(info.err, "tracedb: " + database_->display() + ": no trace '" + name +
                            "' (see tracedb list)\n");
  }
  EXPECT_EQ(database_->Rows("SELECT id, status FROM trace"),
            std::vector<std::string>{"1|complete"});
}

// What COPY's text format and CSV treat specially (a tab, \N, \., a comma,
// a quote, a pipe) is data too, through the binary COPY of a load and the
// printers of list and query.
TEST_P(Injection, CopyAndCsvSpecialCharactersStayData) {
  std::string name = "tab\there, \"q\" |.paje";
  std::string body =
      "6 0 h1 T n1 \"tab\there\"\n"
      "6 0 h2 T n1 \\N\n"
      "8 1.0 S h1 \\.\n"
      "12 2.0 E h2 \"comma, semi; pipe|\"\n"
      "16 1.5 L 0 \\N h1 \"\\.\"\n"
      "17 2.5 L 0 \\N h2 \"\\.\"\n";
  std::string path = WriteTempFile(name, Header() + body);
  CliRun ingest = Run("ingest -q " + ShellQuoted(path));
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  EXPECT_EQ(database_->Rows("SELECT container, value FROM state_view WHERE trace_id = 2"),
            std::vector<std::string>{"tab\there|\\."});
  EXPECT_EQ(database_->Rows("SELECT value, key, start_container, end_container FROM link_view"
                            " WHERE trace_id = 2"),
            std::vector<std::string>{"\\N|\\.|tab\there|\\N"});
  CliRun csv = Run("query --csv " +
                   ShellQuoted("SELECT container, value FROM event_view WHERE trace_id = 2"));
  EXPECT_EQ(csv.out, "container,value\n\\N,\"comma, semi; pipe|\"\n") << csv.err;
  CliRun json = Run("query --json " +
                    ShellQuoted("SELECT container, value FROM state_view WHERE trace_id = 2"));
  EXPECT_EQ(json.out, "[\n{\"container\":\"tab\\u0009here\",\"value\":\"\\\\.\"}\n]\n") << json.err;
  CliRun list = Run("list --json");
  EXPECT_NE(list.out.find("\"name\":\"tab\\u0009here, \\\"q\\\" |.paje\""), std::string::npos)
      << list.out;
  CliRun stored = Run("dump id:2");
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(SortedLines(stored.out), SortedLines(Tracedb("dump " + ShellQuoted(path)).out));
}

INSTANTIATE_TEST_SUITE_P(Backends, Injection,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::injection_test

// Traces holding bytes that are not UTF-8 (old traces written in Latin-1):
// SQLite used to store them as they were and PostgreSQL to refuse the whole
// trace. Now both read them as Latin-1 (model/latin1_text.h), store the same
// UTF-8, warn once per file naming its first such line, and dump --db
// prints what dump prints.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/paraver_test_support.h"
#include "support/test_support.h"

namespace tracedb::testing::latin1_cli_test {
namespace {

class Latin1Cli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
  // The JSON member `key` of column `column`, as text.
  std::string Member(const std::string& column, const std::string& key) const {
    if (GetParam() == Backend::kSqlite) return "json_extract(" + column + ", '$.\"" + key + "\"')";
    return column + "::json->>'" + key + "'";
  }
};

std::string Warning(const std::string& file, uint64_t line, const std::string& which) {
  return "tracedb: warning: " + file + ":" + std::to_string(line) +
         ": bytes that are not UTF-8 read as Latin-1 (" + which + ")\n";
}

uint64_t LineCount(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// A container and its user field (name and value), a state value: Latin-1;
// an event value: UTF-8 already.
const char* kContainerDef =
    "%EventDef PajeCreateContainer 41\n% Time date\n% Alias string\n% Type string\n"
    "% Container string\n% Name string\n% R\xE9gion string\n%EndEventDef\n";
const char* kLatin1Body =
    "41 0 c1 T n1 caf\xE9 Br\xE9sil\n"
    "8 1 S c1 \xC9tat\n"
    "12 2 E t1 d\xC3\xA9j\xC3\xA0\n";

TEST_P(Latin1Cli, APajeTraceInLatin1IsStoredAsUtf8AndDumpsTheSame) {
  TestDatabase database(GetParam(), "latin1_paje");
  std::string db = "'" + database.url() + "'";
  std::string path = WriteTempFile("latin1.paje", Header() + kContainerDef + kLatin1Body);
  std::string warning = Warning(path, LineCount(Header()) + 7, "first of 3 lines");
  CliRun run = Tracedb("ingest -q --db " + db + " " + path);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, warning);
  std::string colon = GetParam() == Backend::kSqlite ? ":" : ": ";  // jsonb's blank
  EXPECT_EQ(database.Rows("SELECT name, extra, " + Member("extra", "R\xC3\xA9gion") +
                          " FROM container WHERE extra IS NOT NULL"),
            std::vector<std::string>{"caf\xC3\xA9|{\"R\xC3\xA9gion\"" + colon +
                                     "\"Br\xC3\xA9sil\"}|Br\xC3\xA9sil"});
  EXPECT_EQ(database.Rows("SELECT container, value FROM state_view"),
            std::vector<std::string>{"caf\xC3\xA9|\xC3\x89tat"});
  EXPECT_EQ(database.Rows("SELECT value FROM event_view"),
            std::vector<std::string>{"d\xC3\xA9j\xC3\xA0"});
  for (const char* u : {"", "-u "}) {
    CliRun file = Tracedb(std::string("dump ") + u + path);
    CliRun stored = Tracedb(std::string("dump ") + u + "--db " + db + " latin1.paje");
    ASSERT_EQ(file.exit_code, 0) << file.err;
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(file.err, warning);
    EXPECT_EQ(stored.err, "");
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
    EXPECT_NE(file.out.find("State, caf\xC3\xA9, State, 1.000000, 2.000000, 1.000000, 0.000000, "
                            "\xC3\x89tat\n"),
              std::string::npos)
        << file.out;
  }
}

// The command line's text (a file name, --comment, --tag) in Latin-1 is
// stored as UTF-8 too, and a TRACE named in Latin-1 finds it.
TEST_P(Latin1Cli, ALatin1FileNameCommentAndTagAreStoredAsUtf8) {
  TestDatabase database(GetParam(), "latin1_names");
  std::string db = "'" + database.url() + "'";
  std::string path = WriteTempFile("r\xE9sum\xE9.paje", Header() + "8 1 S t1 A\n");
  CliRun run = Tracedb("ingest -q --db " + db +
                       " --comment '\xE9t\xE9' --tag 'lieu=Orl\xE9"
                       "ans' '" +
                       path + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(
      database.Rows("SELECT name, comment, tags FROM trace"),
      std::vector<std::string>{"r\xC3\xA9sum\xC3\xA9.paje|\xC3\xA9t\xC3\xA9|{\"lieu\":\"Orl\xC3\xA9"
                               "ans\"}"});
  EXPECT_EQ(database.Rows("SELECT path FROM trace"),
            std::vector<std::string>{std::filesystem::path(path).parent_path().string() +
                                     "/r\xC3\xA9sum\xC3\xA9.paje"});
  for (const char* name : {"r\xE9sum\xE9.paje", "r\xC3\xA9sum\xC3\xA9.paje"}) {
    CliRun info = Tracedb("info --db " + db + " '" + name + "'");
    EXPECT_EQ(info.exit_code, 0) << info.err;
    EXPECT_EQ(info.out.rfind("id               1\n", 0), 0u) << info.out;
  }
}

// Labels (.pcf), a name (.row) and the header's date, which the trace row's
// metadata keeps.
TEST_P(Latin1Cli, AParaverTraceWithLatin1LabelsIsStoredAsUtf8AndDumpsTheSame) {
  TestDatabase database(GetParam(), "latin1_prv");
  std::string db = "'" + database.url() + "'";
  std::string prv = WriteParaverTrace("latin1_labels",
                                      "#Paraver (09/10/2019 \xE0 16:08):2000_ns:1(2):1:2(1:1,1:1)\n"
                                      "1:1:1:1:1:0:1000:1\n"
                                      "2:2:1:2:1:500:50000001:2\n",
                                      "STATES\n1 Ex\xE9"
                                      "cution\n\nEVENT_TYPE\n9 50000001 Appels MPI\nVALUES\n2 R\xE9"
                                      "ception\n",
                                      "LEVEL THREAD SIZE 2\nfil \xE9"
                                      "crivain\nfil principal\n");
  std::string base = std::filesystem::path(prv).replace_extension().string();
  std::string warnings = Warning(base + ".pcf", 2, "first of 2 lines") +
                         Warning(base + ".row", 2, "the only such line") +
                         Warning(prv, 1, "the only such line");
  CliRun run = Tracedb("ingest -q --db " + db + " " + prv);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, warnings);
  EXPECT_EQ(database.Rows("SELECT container, value FROM state_view"),
            std::vector<std::string>{"fil \xC3\xA9"
                                     "crivain|Ex\xC3\xA9"
                                     "cution"});
  EXPECT_EQ(database.Rows("SELECT type, value FROM event_view"),
            std::vector<std::string>{"Appels MPI|R\xC3\xA9"
                                     "ception"});
  EXPECT_EQ(database.Rows("SELECT " + Member("metadata", "date") + " FROM trace"),
            std::vector<std::string>{"09/10/2019 \xC3\xA0 16:08"});
  for (const char* u : {"", "-u "}) {
    CliRun file = Tracedb(std::string("dump ") + u + prv);
    CliRun stored = Tracedb(std::string("dump ") + u + "--db " + db + " latin1_labels.prv");
    ASSERT_EQ(file.exit_code, 0) << file.err;
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
    EXPECT_EQ(file.err, warnings);
    EXPECT_EQ(SortedLines(stored.out), SortedLines(file.out));
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Latin1Cli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::latin1_cli_test

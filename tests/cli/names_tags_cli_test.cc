// Names and tags of traces, on both backends: ingest --name, --tag and
// --tags-from-name (also on watch), shown by list and info, filtered by
// list --tag and --status, read in SQL; delete --failed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::names_tags_cli_test {
namespace {

namespace fs = std::filesystem;

const char* kBody = "8 1.0 S t1 A\n10 2.0 S t1\n";

// A trace file named `name` in a folder of its own, so that names repeat.
std::string TraceNamed(const std::string& name, const std::string& body = kBody) {
  fs::path dir = WriteTempFile("tags-" + name, "");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << Header() << body;
  return path;
}

// The names in the text table of `tracedb list`, in order.
std::vector<std::string> ListedNames(const std::string& table) {
  std::vector<std::string> names;
  std::istringstream in(table);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string id, name;
    fields >> id >> name;
    names.push_back(name);
  }
  return names;
}

class NamesTagsCli : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_ = std::make_unique<TestDatabase>(GetParam(), "tags");
    db_ = "'" + database_->url() + "'";
  }

  CliRun Run(const std::string& args) { return Tracedb(args + " --db " + db_); }
  bool sqlite() const { return GetParam() == Backend::kSqlite; }

  std::unique_ptr<TestDatabase> database_;
  std::string db_;
};

TEST_P(NamesTagsCli, TagsAndNamesAreStoredShownFilteredAndQueried) {
  std::string lu = TraceNamed("lu.B_run3.paje");
  CliRun first = Run("ingest -q --tag team=perf --tags-from-name '{app}_run{run}.*' " + lu);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.err, "");
  CliRun second = Run("ingest -q --name baseline --tag app=bt --tag team=perf - <" +
                      TraceNamed("x.paje", "8 1.0 S t1 B\n10 2.0 S t1\n"));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  CliRun bad = Run("ingest -q --tag team=qa " + TraceNamed("bad.paje", "8 1.0 S nosuch A\n"));
  EXPECT_EQ(bad.exit_code, 1);

  EXPECT_EQ(database_->Rows("SELECT id, name, tags FROM trace ORDER BY id"),
            (std::vector<std::string>{
                "1|lu.B_run3.paje|{\"app\":\"lu.B\",\"run\":\"3\",\"team\":\"perf\"}",
                "2|baseline|{\"app\":\"bt\",\"team\":\"perf\"}", "3|bad.paje|{\"team\":\"qa\"}"}));
  std::string by_run = sqlite() ? "json_extract(tags, '$.run')" : "tags::jsonb->>'run'";
  EXPECT_EQ(database_->Rows("SELECT name FROM trace WHERE " + by_run + " = '3'"),
            std::vector<std::string>{"lu.B_run3.paje"});

  CliRun all = Run("list");
  EXPECT_EQ(ListedNames(all.out),
            (std::vector<std::string>{"lu.B_run3.paje", "baseline", "bad.paje"}));
  EXPECT_NE(all.out.find("  app=lu.B run=3 team=perf\n"), std::string::npos) << all.out;
  EXPECT_EQ(ListedNames(Run("list --tag team=perf").out),
            (std::vector<std::string>{"lu.B_run3.paje", "baseline"}));
  EXPECT_EQ(ListedNames(Run("list --tag team=perf --tag run").out),
            std::vector<std::string>{"lu.B_run3.paje"});
  EXPECT_EQ(ListedNames(Run("list --status failed").out), std::vector<std::string>{"bad.paje"});
  EXPECT_EQ(ListedNames(Run("list --status complete --tag app=bt").out),
            std::vector<std::string>{"baseline"});
  CliRun none = Run("list --tag app=cg");
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err, database_->display() + ": no trace matches (tracedb list shows them all)\n");
  CliRun json = Run("list --json --tag app=bt");
  EXPECT_NE(json.out.find(",\"tags\":{\"app\":\"bt\",\"team\":\"perf\"},\"time_unit\":\"s\"}"),
            std::string::npos)
      << json.out;
  CliRun info = Run("info baseline");
  EXPECT_NE(info.out.find("\ntags             {\"app\":\"bt\",\"team\":\"perf\"}\n"),
            std::string::npos)
      << info.out;
}

TEST_P(NamesTagsCli, ANameThePatternDoesNotMatchIsLoadedWithAWarning) {
  std::string path = TraceNamed("final.paje");
  CliRun run = Run("ingest -q --tag a=1 --tags-from-name 'run{run}.*' " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "tracedb: warning: " + path +
                         ": the name does not match --tags-from-name 'run{run}.*': no tags "
                         "taken from it\n");
  EXPECT_EQ(database_->Rows("SELECT name, tags FROM trace"),
            std::vector<std::string>{"final.paje|{\"a\":\"1\"}"});
}

TEST_P(NamesTagsCli, DeleteFailedRemovesTheFailedTracesOnly) {
  ASSERT_EQ(Run("ingest -q " + TraceNamed("good.paje")).exit_code, 0);
  Run("ingest -q " + TraceNamed("bad1.paje", "8 1.0 S nosuch A\n"));
  Run("ingest -q " + TraceNamed("bad2.paje", "99 1.0\n"));
  CliRun run = Run("delete --failed");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "deleted trace 2 (bad1.paje)\ndeleted trace 3 (bad2.paje)\n");
  EXPECT_EQ(database_->Rows("SELECT id, name, status FROM trace"),
            std::vector<std::string>{"1|good.paje|complete"});
  CliRun again = Run("delete --failed");
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.err, database_->display() + ": no failed traces\n");
}

TEST_P(NamesTagsCli, WatchTagsEachTraceFromItsName) {
  fs::path dir = fs::path(TraceNamed("cg_run7.paje")).parent_path();
  std::string args =
      "watch --once --stable-seconds 0 --tag site=lab --tags-from-name "
      "'{app}_run{run}.paje' " +
      dir.string();
  CliRun run = Run(args);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(
      database_->Rows("SELECT name, tags FROM trace"),
      std::vector<std::string>{"cg_run7.paje|{\"app\":\"cg\",\"run\":\"7\",\"site\":\"lab\"}"});
}

INSTANTIATE_TEST_SUITE_P(Backends, NamesTagsCli,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);

}  // namespace
}  // namespace tracedb::testing::names_tags_cli_test

// tracedb-gen-otf2, the OTF2 generator of scripts/bench, and its Pajé twin:
// the same program stored from an OTF2 archive and from a Pajé trace gives
// the same answers, which checks the OTF2 reader's states and messages
// against the Pajé simulator's, on both backends.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::gen_otf2_test {
namespace {

namespace fs = std::filesystem;

class GenOtf2 : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { TRACEDB_SKIP_WITHOUT_SERVER(GetParam()); }
};

// Writes the archive of `ranks` ranks to FOLDER/otf2, its twin to FOLDER/twin.paje.
std::string Generate(const std::string& size, int ranks) {
  fs::path folder = fs::path(WriteTempFile("gen-otf2-" + size, "")).parent_path() /
                    ("gen-otf2-" + size + "-" + std::to_string(ranks));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::string command = std::string(TRACEDB_GEN_OTF2) + " --size " + size + " --ranks " +
                        std::to_string(ranks) + " --paje " + (folder / "twin.paje").string() +
                        " --out " + (folder / "otf2").string() + " 2>/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return folder.string();
}

TEST_P(GenOtf2, TheArchiveAndItsPajeTwinGiveTheSameAnswers) {
  TestDatabase database(GetParam(), "otf2twin");
  auto db = [&] { return "'" + database.url() + "'"; };
  std::string folder = Generate("300K", 6);
  CliRun ingest =
      Tracedb("ingest -q --db " + db() + " " + folder + "/otf2 " + folder + "/twin.paje");
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;
  for (const char* question :
       {"profile --csv", "profile --csv --by container", "comm --csv", "profile --json"}) {
    CliRun otf2 = Tracedb(std::string(question) + " --db " + db() + " otf2");
    CliRun paje = Tracedb(std::string(question) + " --db " + db() + " twin.paje");
    ASSERT_EQ(otf2.exit_code, 0) << otf2.err;
    ASSERT_EQ(paje.exit_code, 0) << paje.err;
    EXPECT_GT(otf2.out.size(), 200u) << question;
    EXPECT_EQ(otf2.out, paje.out) << question;
  }
  // The states, links and collectives alike, entity for entity: the OTF2
  // trace has the counter's variables besides.
  CliRun counts =
      Tracedb("query --csv --db " + db() +
              " \"SELECT name, state_count, link_count, event_count, "
              "CASE WHEN variable_count > 0 THEN 1 ELSE 0 END AS counter FROM trace ORDER BY id\"");
  ASSERT_EQ(counts.exit_code, 0) << counts.err;
  std::vector<std::string> rows = SortedLines(counts.out);
  ASSERT_EQ(rows.size(), 3u) << counts.out;
  std::string otf2 = rows[1].substr(rows[1].find(',')), paje = rows[2].substr(rows[2].find(','));
  EXPECT_EQ(otf2.substr(0, otf2.rfind(',')), paje.substr(0, paje.rfind(','))) << counts.out;
  EXPECT_TRUE(otf2.ends_with(",1")) << counts.out;
}

INSTANTIATE_TEST_SUITE_P(Backends, GenOtf2, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         BackendName);

}  // namespace
}  // namespace tracedb::testing::gen_otf2_test

// A staged load in two scratch parts: each part holds its share of the rows,
// and publishing gives the archive every row once.
#include "db/sqlite/staged/sqlite_split_writer.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "db/sqlite/sqlite_migrate.h"
#include "db/sqlite/staged/sqlite_staged_load.h"
#include "db/sqlite/trace_catalog.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::sqlite_split_writer_test {
namespace {

// Containers 1..4 with one state and one event each, values 0..3.
RowBatch SampleBatch() {
  RowBatch batch;
  batch.types = {{0, -1, "container", "Root", "", -1, -1}, {1, 0, "state", "S", "", -1, -1}};
  for (uint32_t id = 0; id < 4; ++id) {
    batch.values.push_back({id, 1, "v" + std::to_string(id), "", ""});
  }
  batch.text = R"({"cpu":"1"})";
  for (uint32_t c = 1; c <= 4; ++c) {
    batch.containers.push_back({c, 0, 0, "c" + std::to_string(c), "", 0, 9, {}});
    batch.states.push_back({.container = c,
                            .type = 1,
                            .value = c - 1,
                            .start = 1.0 * c,
                            .end = 2.0 * c,
                            .depth = 0,
                            .extra = {0, 11}});
    batch.events.push_back({c, 1, 0, 0.5 * c, {}});
  }
  return batch;
}

class SqliteSplitWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Migrate(archive_);
    trace_ = BeginTrace(archive_, {.name = "t", .path = "/t", .format = "paje", .sha256 = "ab"});
  }
  std::vector<std::string> PartRows(const SqliteStagedLoad& staged, int part,
                                    const std::string& sql) {
    SqliteConnection connection(staged.path(part), SqliteFile::kScratch);
    return Rows(connection, sql);
  }

  std::string path_ = FreshDbPath("split.sqlite");
  SqliteConnection archive_{path_};
  int64_t trace_ = 0;
};

TEST_F(SqliteSplitWriterTest, EachPartHoldsItsContainersAndValues) {
  SqliteStagedLoad staged(archive_, trace_, 2);
  {
    SqliteSplitWriter writer(archive_, staged);
    writer.Write(SampleBatch());
  }
  EXPECT_EQ(PartRows(staged, 0, "SELECT container_id FROM state"),
            (std::vector<std::string>{"2", "4"}));
  EXPECT_EQ(PartRows(staged, 1, "SELECT container_id FROM event"),
            (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(PartRows(staged, 0, "SELECT id FROM value"), (std::vector<std::string>{"0", "2"}));
  EXPECT_EQ(PartRows(staged, 1, "SELECT id FROM value"), (std::vector<std::string>{"1", "3"}));
  // Types and containers, few, are all in part 0.
  EXPECT_EQ(PartRows(staged, 0, "SELECT count(*) FROM type"), std::vector<std::string>{"2"});
  EXPECT_EQ(PartRows(staged, 0, "SELECT count(*) FROM container"), std::vector<std::string>{"4"});
  EXPECT_EQ(PartRows(staged, 1,
                     "SELECT count(*) FROM type UNION ALL SELECT count(*) FROM "
                     "container"),
            (std::vector<std::string>{"0", "0"}));
}

// Scratch tables are only appended to: a small page cache on every
// connection that writes them, SQLite's default for the archive itself.
TEST_F(SqliteSplitWriterTest, ScratchFilesAreWrittenThroughASmallPageCache) {
  SqliteStagedLoad staged(archive_, trace_, 2);
  EXPECT_EQ(Rows(archive_, "PRAGMA load.cache_size"), std::vector<std::string>{"-256"});
  EXPECT_EQ(Rows(archive_, "PRAGMA load_1.cache_size"), std::vector<std::string>{"-256"});
  EXPECT_EQ(Rows(archive_, "PRAGMA main.cache_size"), std::vector<std::string>{"-2000"});
  SqliteConnection part(staged.path(1), SqliteFile::kScratch);
  EXPECT_EQ(Rows(part, "PRAGMA cache_size"), std::vector<std::string>{"-256"});
}

TEST_F(SqliteSplitWriterTest, PublishingCopiesEveryPartOnce) {
  {
    SqliteStagedLoad staged(archive_, trace_, 2);
    {
      SqliteSplitWriter writer(archive_, staged);
      writer.Write(SampleBatch());
    }
    EXPECT_EQ(staged.Publish({.container_count = 4, .state_count = 4, .event_count = 4,
                              .sha256 = "ab"},
                             std::nullopt),
              std::nullopt);
    EXPECT_TRUE(std::filesystem::exists(staged.path(1)));
  }
  EXPECT_FALSE(std::filesystem::exists(SqliteStagedLoad::ScratchPath(path_, trace_, 0)));
  EXPECT_FALSE(std::filesystem::exists(SqliteStagedLoad::ScratchPath(path_, trace_, 1)));
  EXPECT_EQ(Rows(archive_,
                 "SELECT container_id, value_id, start_time, extra FROM state "
                 "ORDER BY container_id"),
            (std::vector<std::string>{R"(1|0|1.0|{"cpu":"1"})", R"(2|1|2.0|{"cpu":"1"})",
                                      R"(3|2|3.0|{"cpu":"1"})", R"(4|3|4.0|{"cpu":"1"})"}));
  EXPECT_EQ(RowCounts(archive_, trace_),
            (std::vector<std::string>{"call_path=0", "container=4", "event=4", "event_summary=0",
                                      "link=0", "link_summary=0", "state=4", "state_duration=0",
                                      "state_profile=0", "state_summary=0", "type=2", "value=4",
                                      "variable=0", "variable_summary=0"}));
}

// A batch's states as a trace writes them: each when it ends, the nested
// one first. Two batches: the same containers in each, later times.
RowBatch NestedStates(double offset) {
  RowBatch batch;
  for (uint32_t c = 1; c <= 3; ++c) {
    batch.states.push_back({.container = c, .type = 1, .value = 0, .start = offset + 2,
                            .end = offset + 3, .depth = 1});
    batch.states.push_back({.container = c, .type = 1, .value = 1, .start = offset + 1,
                            .end = offset + 4, .depth = 0});
  }
  batch.events.push_back({2, 1, 0, offset + 0.5, {}});
  return batch;
}

// Each batch a run, sorted by container and time in its part; the publish
// merges them, so the archive's rows come in its index's order.
TEST_F(SqliteSplitWriterTest, PublishingMergesTheBatchesInTheIndexOrder) {
  SqliteStagedLoad staged(archive_, trace_, 2);
  {
    SqliteSplitWriter writer(archive_, staged);
    writer.Write(NestedStates(0));
    writer.Write(NestedStates(10));
  }
  EXPECT_EQ(staged.runs(0)->ends[0], (std::vector<int64_t>{2, 4}));  // container 2's
  EXPECT_EQ(staged.runs(1)->ends[0], (std::vector<int64_t>{4, 8}));  // 1 and 3
  EXPECT_EQ(staged.runs(0)->ends[1], (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(staged.runs(1)->ends[1], std::vector<int64_t>{});
  EXPECT_EQ(PartRows(staged, 1, "SELECT container_id, start_time FROM state"),
            (std::vector<std::string>{"1|1.0", "1|2.0", "3|1.0", "3|2.0", "1|11.0", "1|12.0",
                                      "3|11.0", "3|12.0"}));
  ASSERT_EQ(staged.Publish({.state_count = 12, .event_count = 2, .sha256 = "ab"}, std::nullopt),
            std::nullopt);
  EXPECT_EQ(Rows(archive_,
                 "SELECT container_id, start_time, depth FROM state WHERE trace_id = " +
                     std::to_string(trace_) + " ORDER BY rowid"),
            (std::vector<std::string>{"1|1.0|0", "1|2.0|1", "1|11.0|0", "1|12.0|1", "2|1.0|0",
                                      "2|2.0|1", "2|11.0|0", "2|12.0|1", "3|1.0|0", "3|2.0|1",
                                      "3|11.0|0", "3|12.0|1"}));
  EXPECT_EQ(Rows(archive_, "SELECT container_id, time FROM event ORDER BY rowid"),
            (std::vector<std::string>{"2|0.5", "2|10.5"}));
}

}  // namespace
}  // namespace tracedb::testing::sqlite_split_writer_test

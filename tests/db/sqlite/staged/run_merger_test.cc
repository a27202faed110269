// RunMerger reads sorted runs from scratch files on a thread of its own and
// hands them on merged; RowBlockTable gives the blocks to one INSERT.
#include "db/sqlite/staged/run_merger.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "db/sqlite/staged/row_block_table.h"
#include "support/sqlite_test_support.h"

namespace tracedb::testing::run_merger_test {
namespace {

const std::string kColumns = R"("container_id","start_time","tag")";

// A scratch file whose table t holds `rows` ("container, time, 'tag'"), in
// that order; rowids 1, 2, 3...
std::string ScratchWith(const std::string& name, const std::vector<std::string>& rows) {
  std::string path = FreshDbPath(name);
  SqliteConnection scratch(path, SqliteFile::kScratch);
  scratch.Exec("CREATE TABLE t (container_id INTEGER, start_time REAL, tag TEXT)");
  for (const std::string& row : rows) scratch.Exec("INSERT INTO t VALUES (" + row + ")");
  return path;
}

// Every row the merger gives, "container|time|tag", and its Finish.
std::vector<std::string> Merged(std::vector<PartRuns> parts, size_t max_open_runs = 1024) {
  RunMerger merger(std::move(parts), "t", MergeColumnsOf(kColumns, "start_time"), max_open_runs);
  std::vector<std::string> rows;
  while (std::optional<RowBlock> block = merger.Next()) {
    for (size_t row = 0; row < block->rows; ++row) {
      const RowCell& time = block->Cell(row, 1);
      rows.push_back(std::to_string(block->Cell(row, 0).integer) + "|" +
                     (time.type == SqliteType::kNull ? "NULL" : std::to_string(time.real)) +
                     "|" + std::string(block->Text(block->Cell(row, 2))));
    }
  }
  merger.Finish();
  return rows;
}

TEST(MergeColumnsOf, FindsTheKeysAmongTheColumns) {
  MergeColumns columns = MergeColumnsOf(R"("type_id","container_id","x","time")", "time");
  EXPECT_EQ(columns.count, 4);
  EXPECT_EQ(columns.container, 1);
  EXPECT_EQ(columns.time, 3);
  EXPECT_THROW(MergeColumnsOf(R"("container_id","start")", "time"), std::logic_error);
}

TEST(RunMerger, MergesRunsOfEveryPartByContainerThenTime) {
  // Part 0: runs (rowids 1-3) and (4-5); part 1: one run (1-2).
  std::string part0 = ScratchWith("merge0.sqlite", {"1, 2.0, 'a'", "1, 5.0, 'b'", "3, 1.0, 'c'",
                                                    "1, 3.0, 'd'", "3, 0.5, 'e'"});
  std::string part1 = ScratchWith("merge1.sqlite", {"2, 9.0, 'f'", "4, 0.0, 'g'"});
  std::vector<int64_t> ends0 = {3, 5}, ends1 = {2};
  EXPECT_EQ(Merged({{part0, &ends0}, {part1, &ends1}}),
            (std::vector<std::string>{"1|2.000000|a", "1|3.000000|d", "1|5.000000|b",
                                      "2|9.000000|f", "3|0.500000|e", "3|1.000000|c",
                                      "4|0.000000|g"}));
}

TEST(RunMerger, KeepsTheRunOrderOfEqualKeysAndPutsAMissingTimeFirst) {
  std::string part = ScratchWith("ties.sqlite", {"1, 1.0, 'first'", "1, NULL, 'x'", "1, 1.0, 'second'"});
  std::vector<int64_t> ends = {1, 3};
  EXPECT_EQ(Merged({{part, &ends}}),
            (std::vector<std::string>{"1|NULL|x", "1|1.000000|first", "1|1.000000|second"}));
}

// With fewer runs open than there are, each group of batches is merged on
// its own: the groups follow one another.
TEST(RunMerger, MergesMoreRunsThanItMayOpenInGroups) {
  std::string part = ScratchWith("groups.sqlite", {"2, 1.0, 'a'", "1, 1.0, 'b'", "2, 0.5, 'c'",
                                                   "1, 0.5, 'd'"});
  std::vector<int64_t> ends = {1, 2, 3, 4};
  EXPECT_EQ(Merged({{part, &ends}}, 2),
            (std::vector<std::string>{"1|1.000000|b", "2|1.000000|a", "1|0.500000|d",
                                      "2|0.500000|c"}));
  EXPECT_EQ(Merged({{part, &ends}}, 4),
            (std::vector<std::string>{"1|0.500000|d", "1|1.000000|b", "2|0.500000|c",
                                      "2|1.000000|a"}));
}

TEST(RunMerger, NoRunsGiveNoRows) {
  std::string part = ScratchWith("empty.sqlite", {});
  std::vector<int64_t> ends;
  EXPECT_EQ(Merged({{part, &ends}}), std::vector<std::string>{});
}

TEST(RunMerger, RunsThatHoldFewerRowsThanTheySayFail) {
  std::string part = ScratchWith("short.sqlite", {"1, 1.0, 'a'"});
  std::vector<int64_t> ends = {2};
  try {
    Merged({{part, &ends}});
    FAIL() << "no error";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "RunMerger: t's runs held 1 rows, not 2");
  }
}

TEST(RunMerger, AFailingReadEndsTheBlocksAndFinishThrowsItsError) {
  std::string part = FreshDbPath("no-table.sqlite");
  { SqliteConnection scratch(part, SqliteFile::kScratch); }
  std::vector<int64_t> ends = {1};
  EXPECT_EQ(ErrorOf([&] { Merged({{part, &ends}}); }), part + ": no such table: main.t");
}

TEST(RunMerger, StopsWhenDestroyedBeforeTheEnd) {
  std::string part = ScratchWith("stop.sqlite", {});
  SqliteConnection(part, SqliteFile::kScratch)
      .Exec("WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < 20000)"
            " INSERT INTO t SELECT 1, n, 'r' FROM i");
  std::vector<int64_t> ends = {20000};
  RunMerger merger({{part, &ends}}, "t", MergeColumnsOf(kColumns, "start_time"));
  std::optional<RowBlock> first = merger.Next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->rows, 8192u);
}  // the destructor cancels the merge, blocked on a full queue, and joins it

TEST(RowBlockTable, OneInsertTakesEveryBlocksRowsWithTheirStorageClasses) {
  std::string path = FreshDbPath("blocks.sqlite");
  SqliteConnection connection(path, SqliteFile::kScratch);
  connection.Exec("CREATE TABLE source (a, b, c); CREATE TABLE target (a, b, c, d)");
  connection.Exec(
      "INSERT INTO source VALUES (1, 2.5, 'text'), (NULL, x'00ff', -7), (9, 'é', 0.0)");
  std::vector<RowBlock> blocks(3);
  SqliteStatement source = connection.Prepare("SELECT a, b, c FROM source");
  for (int i = 0; source.Step(); ++i) {
    blocks[i == 0 ? 0 : 2].columns = 3;
    blocks[i == 0 ? 0 : 2].Add(source);  // block 1 stays empty
  }
  {
    RowBlockTable table(connection);
    size_t next = 0;
    table.Run("INSERT INTO target SELECT c0, c1, c2, c3 FROM tracedb_row_blocks",
              [&]() -> std::optional<RowBlock> {
                if (next == blocks.size()) return std::nullopt;
                return blocks[next++];
              });
  }
  EXPECT_EQ(Rows(connection, "SELECT typeof(a), typeof(b), typeof(c), typeof(d) FROM target"),
            (std::vector<std::string>{"integer|real|text|null", "null|blob|integer|null",
                                      "integer|text|real|null"}));
  EXPECT_EQ(Rows(connection, "SELECT a, hex(b), c FROM target"),
            (std::vector<std::string>{"1|322E35|text", "NULL|00FF|-7", "9|C3A9|0.0"}));
  EXPECT_EQ(ErrorOf([&] { connection.Exec("SELECT * FROM tracedb_row_blocks"); }),
            path + ": no such table: tracedb_row_blocks");
}

}  // namespace
}  // namespace tracedb::testing::run_merger_test

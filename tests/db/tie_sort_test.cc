// TieSortedRecords on SQLite, the backend that leaves ties to the reader:
// with runs held in memory and with every run read again through SQL (a
// limit of one row), the records are those of the table's whole ORDER BY.
#include "db/tie_sort.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "db/archive.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::tie_sort_test {
namespace {

// Runs of two and three rows equal in container and time, stored in
// another order than the whole ORDER BY's, and runs of one.
const char* kBody =
    "9 1.0 S t1 A\n"
    "9 1.0 S t1 B\n"
    "9 1.0 S t1 C\n"
    "12 1.0 E t2 gamma\n"
    "12 1.0 E t2 beta\n"
    "12 1.0 E t2 alpha\n"
    "13 1.0 V t2 5\n"
    "10 1.2 S t1\n"
    "10 1.5 S t1\n"
    "16 1.5 L 0 m t1 k1\n"
    "16 1.5 L 0 m t2 k2\n"
    "10 2.0 S t1\n"
    "12 2.0 E t2 alpha\n"
    "12 2.0 E t2 gamma\n"
    "12 2.2 E t1 beta\n"
    "17 2.5 L 0 m t1 k2\n"
    "17 2.5 L 0 m t2 k1\n";

class TieSort : public ::testing::TestWithParam<size_t> {
 protected:
  void SetUp() override {
    std::string trace = WriteTempFile("ties.paje", Header() + kBody);
    CliRun run = Tracedb("ingest -q --db " + database_.url() + " " + trace);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    archive_ = OpenArchive(database_.url(), ArchiveAccess::kRead);
  }

  // The table through TieSortedRecords, each run of more than `rows` rows
  // read again.
  static std::string Sorted(const TraceTable& table, const SelectRows& select, size_t rows) {
    std::string out;
    std::unique_ptr<RowCursor> cursor = select(TraceTableSql(table, SqlDialect::kSqlite, select));
    TieSortedRecords records(table, *cursor, select,
                             [&](std::string_view text) { out.append(text); },
                             TieSortLimits{.rows = rows});
    while (cursor->Next()) records.Add();
    records.Finish();
    return out;
  }

  static std::string Ordered(const TraceTable& table, const SelectRows& select) {
    std::string out;
    std::unique_ptr<RowCursor> cursor = select("SELECT * FROM " + std::string(table.name) +
                                               " WHERE trace_id = $1 ORDER BY " + table.order);
    while (cursor->Next()) AppendCsvRecord(&out, *cursor);
    return out;
  }

  TestDatabase database_{Backend::kSqlite, "ties"};
  std::unique_ptr<Archive> archive_;
};

TEST_P(TieSort, GivesTheRecordsOfTheWholeOrderBy) {
  archive_->reader->ReadCompleteTogether(
      1, 1, [&](int, const SelectRows& select, const StreamRows&) {
        for (const TraceTable& table : kTraceTables) {
          if (table.index_keys == 0) continue;
          std::string expected = Ordered(table, select);
          EXPECT_NE(expected, "") << table.name;
          EXPECT_EQ(Sorted(table, select, GetParam()), expected) << table.name;
        }
      });
}

// The states tied at 1.0 come by depth, not in the order they ended (C, B,
// A), whether sorted here or read again.
TEST_P(TieSort, PutsTheStatesOfOneStartByDepth) {
  archive_->reader->ReadCompleteTogether(1, 1,
                                         [&](int, const SelectRows& select, const StreamRows&) {
                                           EXPECT_EQ(Sorted(kTraceTables[4], select, GetParam()),
                                                     "1,2,3,0,1.0,2.0,0,,1,1,\n"
                                                     "1,2,3,1,1.0,1.5,1,,0,1,1.0\n"
                                                     "1,2,3,2,1.0,1.2,2,,-2,1,1.0\n");
                                         });
}

INSTANTIATE_TEST_SUITE_P(Limits, TieSort, ::testing::Values(TieSortLimits{}.rows, size_t{1}),
                         [](const auto& info) {
                           return info.param == 1 ? std::string("ReadAgain") : "InMemory";
                         });

}  // namespace
}  // namespace tracedb::testing::tie_sort_test

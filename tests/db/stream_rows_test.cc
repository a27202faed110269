// TraceReader::ReadCompleteTogether and its streams (StreamRows) on both
// backends: typed values as declared, NULLs, a stream and every reader
// seeing the first reader's snapshot, and PostgreSQL's binary COPY stream
// failing with the server's words, or when a column is not of the kind
// declared, and leaving its reader usable when dropped half read.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "db/archive.h"
#include "db/db_error.h"
#include "db/row_cursor.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "support/backend_support.h"
#include "support/test_support.h"

namespace tracedb::testing::stream_rows_test {
namespace {

using enum ColumnKind;

class StreamRows : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    TRACEDB_SKIP_WITHOUT_SERVER(GetParam());
    database_.emplace(GetParam(), "stream");
    Ingest("first.paje", "8 1.0 S t1 A\n");
    archive_ = OpenArchive(database_->url(), ArchiveAccess::kRead);
  }
  void Ingest(const std::string& name, const std::string& body) {
    CliRun run =
        Tracedb("ingest -q --db " + database_->url() + " " + WriteTempFile(name, Header() + body));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  // The traces `rows` counts: one cell, an integer.
  static int64_t Count(std::unique_ptr<RowCursor> rows) {
    EXPECT_TRUE(rows->Next());
    return rows->Int(0);
  }
  std::optional<TestDatabase> database_;
  std::unique_ptr<Archive> archive_;
};

TEST_P(StreamRows, GivesEachValueAsDeclared) {
  archive_->reader->ReadCompleteTogether(
      1, 1, [&](int, const SelectRows&, const tracedb::StreamRows& stream) {
        auto rows = stream(
            "SELECT CAST(7 AS SMALLINT), CAST(-8 AS INTEGER), CAST(9000000000 AS BIGINT),"
            " CAST(1.5 AS REAL), CAST(-2.25 AS DOUBLE PRECISION), CAST(NULL AS INTEGER), id"
            " FROM trace WHERE id = $1",
            {kInteger, kInteger, kInteger, kReal, kReal, kInteger, kInteger});
        ASSERT_TRUE(rows->Next());
        EXPECT_EQ(rows->ColumnCount(), 7);
        EXPECT_EQ(rows->Int(0), 7);
        EXPECT_EQ(rows->Int(1), -8);
        EXPECT_EQ(rows->Int(2), 9000000000);
        EXPECT_EQ(rows->Double(3), 1.5);
        EXPECT_EQ(rows->Double(4), -2.25);
        EXPECT_TRUE(rows->IsNull(5));
        EXPECT_FALSE(rows->IsNull(4));
        EXPECT_EQ(rows->Int(6), 1);
        EXPECT_EQ(rows->CellAt(1).text, "-8");
        EXPECT_EQ(rows->CellAt(4).kind, CellKind::kReal);
        EXPECT_EQ(rows->CellAt(5).kind, CellKind::kNull);
        EXPECT_FALSE(rows->Next());
        // A NULL after a value reads as 0, not as the value before it.
        rows = stream("SELECT column1 FROM (VALUES (5), (NULL)) AS t WHERE $1 = 1", {kInteger});
        ASSERT_TRUE(rows->Next());
        EXPECT_EQ(rows->Int(0), 5);
        ASSERT_TRUE(rows->Next());
        EXPECT_TRUE(rows->IsNull(0));
        EXPECT_EQ(rows->Int(0), 0);
        EXPECT_EQ(rows->Double(0), 0.0);
      });
}

// export-csv's records come straight from the cursor (AppendCell), not
// through a Cell per value: the same bytes, from either kind of cursor.
TEST_P(StreamRows, CsvRecordsFromTheCursorAreThoseOfItsCells) {
  auto record = [](RowCursor& rows) {
    std::string direct;
    std::string cells;
    AppendCsvRecord(&direct, rows);
    AppendCsvRecord(&cells, RowCells(rows));
    EXPECT_EQ(direct, cells);
    return direct;
  };
  archive_->reader->ReadCompleteTogether(
      1, 1, [&](int, const SelectRows& select, const tracedb::StreamRows& stream) {
        auto rows = select(
            "SELECT CAST(-9000000000 AS BIGINT), CAST(0.30000000000000004 AS DOUBLE PRECISION),"
            " CAST(2 AS DOUBLE PRECISION), 'a, \"b\"', '', CAST(NULL AS TEXT), 'plain', id"
            " FROM trace WHERE id = $1");
        ASSERT_TRUE(rows->Next());
        EXPECT_EQ(record(*rows),
                  "-9000000000,0.30000000000000004,2.0,\"a, \"\"b\"\"\",\"\",,plain,1\n");
        rows = stream(
            "SELECT CAST(-9000000000 AS BIGINT), CAST(0.30000000000000004 AS DOUBLE PRECISION),"
            " CAST(NULL AS INTEGER), id FROM trace WHERE id = $1",
            {kInteger, kReal, kInteger, kInteger});
        ASSERT_TRUE(rows->Next());
        EXPECT_EQ(record(*rows), "-9000000000,0.30000000000000004,,1\n");
      });
}

// A trace that commits after the reader's snapshot began is in no stream
// of it.
TEST_P(StreamRows, SeesTheReadersSnapshot) {
  archive_->reader->ReadCompleteTogether(
      1, 1, [&](int, const SelectRows& select, const tracedb::StreamRows& stream) {
        EXPECT_EQ(Count(select("SELECT count(*) FROM trace WHERE id >= $1")), 1);
        Ingest("second.paje", "8 2.0 S t1 B\n");
        EXPECT_EQ(Count(stream("SELECT count(*) FROM trace WHERE id >= $1", {kInteger})), 1);
        EXPECT_EQ(Count(select("SELECT count(*) FROM trace WHERE id >= $1")), 1);
      });
  EXPECT_EQ(archive_->catalog->ListTraces().size(), 2u);
}

TEST_P(StreamRows, ManyReadersEachReadAndStream) {
  std::atomic<int64_t> total = 0;
  archive_->reader->ReadCompleteTogether(
      1, 3, [&](int reader, const SelectRows& select, const tracedb::StreamRows& stream) {
        total += Count(select("SELECT count(*) FROM trace WHERE id = $1"));
        total += Count(stream("SELECT CAST(" + std::to_string(reader) + " AS INTEGER) WHERE $1 = 1",
                              {kInteger}));
      });
  EXPECT_EQ(total.load(), 3 + 0 + 1 + 2);
}

TEST_P(StreamRows, EveryReaderOfADeletedTraceIsRefused) {
  CliRun run = Tracedb("delete --db " + database_->url() + " 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::atomic<int> reads = 0;
  try {
    archive_->reader->ReadCompleteTogether(
        1, 2, [&](int, const SelectRows&, const tracedb::StreamRows&) { ++reads; });
    FAIL() << "no error";
  } catch (const DbError& e) {
    EXPECT_EQ(std::string(e.what()), database_->display() + ": trace 1 is not complete");
  }
  EXPECT_EQ(reads.load(), 0);
}

// PostgreSQL's stream is a COPY in binary: errors come from it.
class PostgresStream : public StreamRows {};

TEST_P(PostgresStream, FailsWithTheServersWords) {
  archive_->reader->ReadCompleteTogether(
      1, 1, [&](int, const SelectRows& select, const tracedb::StreamRows& stream) {
        try {
          auto rows = stream("SELECT 1 / (n - 3) FROM generate_series(1, 5) AS n", {kInteger});
          while (rows->Next()) {
          }
          FAIL() << "no error";
        } catch (const DbError& e) {
          EXPECT_NE(std::string(e.what()).find("division by zero"), std::string::npos) << e.what();
        }
        try {
          auto rows = stream("SELECT 'abcd'", {kInteger});
          FAIL() << "no error";
        } catch (const DbError& e) {
          EXPECT_EQ(std::string(e.what()),
                    database_->display() + ": column 1 is not a number of the kind declared");
        }
        // Binary COPY carries no types: they are checked before it runs.
        for (const auto& [sql, kinds, problem] :
             std::vector<std::tuple<std::string, std::vector<ColumnKind>, std::string>>{
                 {"SELECT 1.5::float8",
                  {kInteger},
                  "column 1 is not a number of the kind declared"},
                 {"SELECT 1, 2.0::numeric",
                  {kInteger, kReal},
                  "column 2 is not a number of the kind declared"},
                 {"SELECT 1, 2", {kInteger}, "the query has 2 columns, 1 declared"}}) {
          try {
            stream(sql, kinds);
            ADD_FAILURE() << sql << ": no error";
          } catch (const DbError& e) {
            EXPECT_EQ(std::string(e.what()), database_->display() + ": " + problem) << sql;
          }
        }
        // A stream dropped half read leaves the reader as it was.
        auto many = stream("SELECT n FROM generate_series(1, 1000000) AS n", {kInteger});
        ASSERT_TRUE(many->Next());
        EXPECT_EQ(many->Int(0), 1);
        many.reset();
        EXPECT_EQ(Count(select("SELECT count(*) FROM trace WHERE id >= $1")), 1);
      });
}

INSTANTIATE_TEST_SUITE_P(Backends, StreamRows,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), BackendName);
INSTANTIATE_TEST_SUITE_P(Backends, PostgresStream, ::testing::Values(Backend::kPostgres),
                         BackendName);

}  // namespace
}  // namespace tracedb::testing::stream_rows_test

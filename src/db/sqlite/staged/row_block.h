// RowBlock: rows of SQLite values copied out of a statement's results, so
// that another thread can hand them to SQLite again (db/sqlite/staged/run_merger.h
// fills blocks, db/sqlite/staged/row_block_table.h reads them). Values keep their
// storage class: an integer stays an integer, a NULL a NULL.
//
// A plain value: one thread at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "db/sqlite/sqlite_connection.h"

namespace tracedb {

// 16 bytes: a block holds 8,192 rows of up to 11 columns, several in flight.
struct RowCell {
  union {
    int64_t integer;  // kInteger
    double real;      // kReal
    struct {
      uint32_t offset;  // kText and kBlob: the bytes in RowBlock::text
      uint32_t size;
    } text;
  };
  SqliteType type = SqliteType::kNull;
};
static_assert(sizeof(RowCell) == 16);

struct RowBlock {
  int columns = 0;
  size_t rows = 0;
  std::vector<RowCell> cells;  // rows * columns, row after row
  std::string text;

  // The current row of `row`, its first `columns` columns.
  void Add(const SqliteStatement& row);
  const RowCell& Cell(size_t row, int column) const { return cells[row * columns + column]; }
  std::string_view Text(const RowCell& cell) const {
    return std::string_view(text).substr(cell.text.offset, cell.text.size);
  }
};

}  // namespace tracedb

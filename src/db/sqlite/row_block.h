// RowBlock: rows of SQLite values copied out of a statement's results, so
// that another thread can hand them to SQLite again (db/sqlite/run_merger.h
// fills blocks, db/sqlite/row_block_table.h reads them). Values keep their
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

struct RowCell {
  SqliteType type = SqliteType::kNull;
  int64_t integer = 0;
  double real = 0;
  uint32_t text_offset = 0;  // kText and kBlob: the bytes in RowBlock::text
  uint32_t text_size = 0;
};

struct RowBlock {
  int columns = 0;
  size_t rows = 0;
  std::vector<RowCell> cells;  // rows * columns, row after row
  std::string text;

  // The current row of `row`, its first `columns` columns.
  void Add(const SqliteStatement& row);
  const RowCell& Cell(size_t row, int column) const { return cells[row * columns + column]; }
  std::string_view Text(const RowCell& cell) const {
    return std::string_view(text).substr(cell.text_offset, cell.text_size);
  }
};

}  // namespace tracedb

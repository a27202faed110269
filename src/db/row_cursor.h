// RowCursor: the rows of one query, whichever database ran it, read one at a
// time. Code that reads tables (dump --db, info, query) is written once
// against it; each backend adapts its own statement or result to it.
//
// Columns count from 0. A NULL reads as 0 or ""; ask IsNull first where it
// matters. Same thread as the connection that made it; destroy it before
// the connection.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/result_table.h"

namespace tracedb {

class RowCursor {
 public:
  virtual ~RowCursor() = default;

  // Moves to the next row (the first, on the first call); false at the end.
  virtual bool Next() = 0;

  virtual int ColumnCount() const = 0;
  virtual std::string ColumnName(int column) const = 0;

  virtual bool IsNull(int column) const = 0;
  virtual int64_t Int(int column) const = 0;
  virtual double Double(int column) const = 0;
  virtual std::string Text(int column) const = 0;
  // The value with its kind, as `query` prints it.
  virtual Cell CellAt(int column) const = 0;
  // CellAt's text appended to `out`, and its kind: the same bytes without
  // a Cell made per value, for readers of millions of rows (export-csv).
  virtual CellKind AppendCell(int column, std::string* out) const;
};

std::vector<std::string> ColumnNames(const RowCursor& cursor);
std::vector<Cell> RowCells(const RowCursor& cursor);
// The current row as a CSV record (results/csv_text.h), what
// AppendCsvRecord(out, RowCells(cursor)) appends.
void AppendCsvRecord(std::string* out, const RowCursor& cursor);

}  // namespace tracedb

// RowCursor: the rows of one query, whichever database ran it, read one at a
// time. Code that reads tables (dump --db, info, query) is written once
// against it; each backend adapts its own statement or result to it.
//
// Columns count from 0. A NULL reads as 0 or ""; ask IsNull first where it
// matters. Same thread as the connection that made it; destroy it before
// the connection.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
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

// Runs one SELECT and gives its rows, as a backend's reads hand it out
// (db/trace_reader.h).
using SelectRows = std::function<std::unique_ptr<RowCursor>(const std::string& sql)>;

// A SELECT whose columns are all integers or reals, their kinds declared, so
// that a backend may stream its rows in binary (PostgreSQL: COPY ... (FORMAT
// binary), without the cursor's text); for reads of millions of rows.
enum class ColumnKind { kInteger, kReal };
using StreamRows = std::function<std::unique_ptr<RowCursor>(const std::string& sql,
                                                            const std::vector<ColumnKind>& kinds)>;

}  // namespace tracedb

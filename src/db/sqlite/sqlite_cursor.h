// SqliteCursor: a prepared SqliteStatement read as a RowCursor. A BLOB,
// which no tracedb table holds, prints as text in SQL literal form: x'0a1b'.
// Finish() ends the statement early (before a ROLLBACK, say); the cursor is
// then at its end: only Next and ColumnCount may still be called.
//
// RowCursor's rules: one thread at a time, its connection's; destroy it
// before the connection.
#pragma once

#include <optional>

#include "db/row_cursor.h"
#include "db/sqlite/sqlite_connection.h"

namespace tracedb {

class SqliteCursor : public RowCursor {
 public:
  explicit SqliteCursor(SqliteStatement statement) : statement_(std::move(statement)) {}

  bool Next() override { return statement_ && statement_->Step(); }
  int ColumnCount() const override { return statement_ ? statement_->ColumnCount() : 0; }
  std::string ColumnName(int column) const override { return statement_->ColumnName(column); }
  bool IsNull(int column) const override { return statement_->ColumnIsNull(column); }
  int64_t Int(int column) const override { return statement_->ColumnInt(column); }
  double Double(int column) const override { return statement_->ColumnDouble(column); }
  std::string Text(int column) const override { return statement_->ColumnText(column); }
  Cell CellAt(int column) const override;
  CellKind AppendCell(int column, std::string* out) const override;

  void Finish() { statement_.reset(); }

 private:
  std::optional<SqliteStatement> statement_;
};

}  // namespace tracedb

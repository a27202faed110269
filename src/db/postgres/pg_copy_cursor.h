// PgCopyCursor: the rows of a SELECT of integers and reals, streamed by
// COPY (...) TO STDOUT (FORMAT binary) on a libpq connection of its own
// that starts in an exported snapshot (the reader's transaction's), so it
// sees exactly the rows the reader sees. The server sends the rows as fast
// as it makes them, without a FETCH round trip per batch, and neither side
// turns numbers into text: a 7.5-million-state read costs the client a
// quarter of what the text cursor does.
//
// libpqxx 6.4 has no COPY of a query in binary, hence libpq itself. The
// binary format is PostgreSQL's documented one (COPY, "Binary Format"):
// a signature, then per row a field count and each field's length and
// big-endian bytes. It carries no types: the query is described first, and
// refused unless each column is of the kind declared (smallint, integer or
// bigint; real or double precision).
//
// RowCursor's rules: one thread at a time. Destroying it before the end
// cancels the COPY and closes its connection.
#pragma once

#include <libpq-fe.h>

#include <memory>
#include <string>
#include <vector>

#include "db/row_cursor.h"
#include "db/stored_trace_reader.h"

namespace tracedb {

class PgCopyCursor : public RowCursor {
 public:
  // `name` names the database in errors (pg_conninfo.h, without password).
  PgCopyCursor(const std::string& conninfo, std::string name, const std::string& snapshot,
               const std::string& sql, std::vector<ColumnKind> kinds);
  ~PgCopyCursor() override;

  bool Next() override;
  int ColumnCount() const override { return static_cast<int>(kinds_.size()); }
  std::string ColumnName(int column) const override;
  bool IsNull(int column) const override { return values_[column].null; }
  int64_t Int(int column) const override;
  double Double(int column) const override;
  std::string Text(int column) const override;
  Cell CellAt(int column) const override;
  CellKind AppendCell(int column, std::string* out) const override;

 private:
  struct Value {
    bool null = true;
    int64_t integer = 0;
    double real = 0;
  };
  struct Freed {
    void operator()(PGconn* connection) const { PQfinish(connection); }
  };

  using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

  [[noreturn]] void Fail(const std::string& problem) const;
  void Check(const PGresult* result, ExecStatusType expected) const;
  void Run(const std::string& sql, ExecStatusType expected);
  void CheckKinds(const std::string& sql);
  bool ReadRow(const char* data, int size);
  void Finish();

  std::string name_;
  std::vector<ColumnKind> kinds_;
  std::unique_ptr<PGconn, Freed> connection_;
  bool header_read_ = false;
  bool done_ = false;
  std::vector<Value> values_;
};

}  // namespace tracedb

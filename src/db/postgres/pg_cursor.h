// PgCursor: the rows of a PostgreSQL query as a RowCursor. A SELECT is read
// through a server-side cursor (DECLARE ... FETCH), a batch of rows at a
// time, so `dump --db` of a billion-row trace holds one batch, not the
// table; a statement that cannot be a cursor (EXPLAIN, SHOW) hands over its
// whole result. Values arrive as text and are parsed on demand; a cell's
// kind follows the column's type (integers, floating point and numeric,
// everything else as text). Each row's values are located once, when the
// cursor moves to it: libpqxx builds a field (two shared pointers copied)
// for every look-up, which cost a 7.5-million-row read 1.8 s.
//
// RowCursor's rules: one thread at a time, its connection's; destroy it
// before the connection, and before `work` unless it owns that transaction.
#pragma once

#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "db/postgres/pg_connection.h"
#include "db/row_cursor.h"

namespace tracedb {

class PgCursor : public RowCursor {
 public:
  // Reads the cursor `name`, already DECLAREd in `work` (which must outlive
  // the cursor, or be handed over in `owned` to end with it).
  PgCursor(PgConnection& connection, pqxx::work& work, std::string name,
           std::unique_ptr<pqxx::work> owned = nullptr);
  // A result already read whole.
  PgCursor(PgConnection& connection, pqxx::result whole, std::unique_ptr<pqxx::work> owned);
  ~PgCursor() override;

  bool Next() override;
  int ColumnCount() const override { return static_cast<int>(batch_.columns()); }
  std::string ColumnName(int column) const override { return batch_.column_name(column); }
  bool IsNull(int column) const override { return values_[column].data == nullptr; }
  int64_t Int(int column) const override;
  double Double(int column) const override;
  std::string Text(int column) const override;
  Cell CellAt(int column) const override;
  CellKind AppendCell(int column, std::string* out) const override;

 private:
  // A value of the current row: its text in batch_, null for NULL.
  struct Value {
    const char* data = nullptr;
    size_t size = 0;
  };

  void Fetch();
  void Locate();

  PgConnection& connection_;
  std::unique_ptr<pqxx::work> owned_;  // first in, last out: the rows need it
  pqxx::work* work_ = nullptr;
  std::string name_;  // "" when the whole result is in batch_
  pqxx::result batch_;
  size_t row_ = 0;
  bool started_ = false;
  bool last_batch_ = false;
  std::vector<Value> values_;  // the current row's
};

// DECLAREs cursor `name` for `sql` in `work` and reads it.
std::unique_ptr<PgCursor> OpenPgCursor(PgConnection& connection, pqxx::work& work,
                                       const std::string& sql, const std::string& name);

}  // namespace tracedb

// RowBlockTable: the rows of a stream of RowBlocks as a table that one
// INSERT ... SELECT reads: an eponymous virtual table, tracedb_row_blocks,
// with columns c0 ... c15 (NULL past a block's own columns). SQLite then
// copies each value straight out of the block into its record, as from a
// table of its own: no statement run per row, no parameter bound per value.
// Measured on the 100 MB bench trace's 775,000 states, already sorted, into
// an archive holding that trace: 0.38-0.40 s from blocks in memory, against
// 0.40-0.44 s from a sorted table and 0.71-0.77 s from one in batch order.
//
// Threading: the connection's thread. The blocks may come from another
// thread (db/sqlite/staged/run_merger.h) through `next`.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "db/sqlite/sqlite_connection.h"
#include "db/sqlite/staged/row_block.h"

namespace tracedb {

inline constexpr int kRowBlockColumns = 16;

class RowBlockTable {
 public:
  // The next block, none at the end.
  using NextBlock = std::function<std::optional<RowBlock>()>;

  // Makes tracedb_row_blocks known to `connection`, until destroyed.
  explicit RowBlockTable(SqliteConnection& connection);
  ~RowBlockTable();
  RowBlockTable(const RowBlockTable&) = delete;
  RowBlockTable& operator=(const RowBlockTable&) = delete;

  // Runs `sql`, whose one scan of tracedb_row_blocks gives the rows of the
  // blocks from `next`, in order.
  void Run(const std::string& sql, NextBlock next);

  // For the table's cursor: the next block, none at the end.
  std::optional<RowBlock> Next() { return next_ ? next_() : std::nullopt; }

 private:
  SqliteConnection& connection_;
  NextBlock next_;
};

}  // namespace tracedb

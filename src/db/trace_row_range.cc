#include "db/trace_row_range.h"

namespace tracedb {

std::string TraceRowsWhere(SqlDialect dialect, const SelectRows& select, std::string_view table) {
  if (dialect != SqlDialect::kSqlite) return "trace_id = $1";
  std::unique_ptr<RowCursor> range =
      select("SELECT min(rowid), max(rowid) FROM " + std::string(table) + " WHERE trace_id = $1");
  if (!range->Next() || range->IsNull(0)) return "trace_id = $1";
  return "+trace_id = $1 AND rowid BETWEEN " + std::to_string(range->Int(0)) + " AND " +
         std::to_string(range->Int(1));
}

}  // namespace tracedb

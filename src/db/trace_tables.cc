#include "db/trace_tables.h"

#include "db/trace_row_range.h"

namespace tracedb {

std::string TraceTableSql(const TraceTable& table, SqlDialect dialect, const SelectRows& select) {
  std::string sql = "SELECT * FROM " + std::string(table.name) + " WHERE ";
  if (*table.order == '\0') return sql + "id = $1";  // the trace's own row
  sql += table.scan ? TraceRowsWhere(dialect, select, table.name) : "trace_id = $1";
  return sql + " ORDER BY " + table.order;
}

}  // namespace tracedb

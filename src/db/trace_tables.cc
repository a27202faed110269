#include "db/trace_tables.h"

#include "db/trace_row_range.h"

namespace tracedb {

std::vector<std::string> OrderTerms(const TraceTable& table) {
  std::vector<std::string> terms;
  std::string_view order = table.order;
  while (!order.empty()) {
    size_t comma = order.find(',');
    terms.emplace_back(order.substr(0, comma));
    order = comma == std::string_view::npos ? "" : order.substr(comma + 1);
    while (!order.empty() && order.front() == ' ') order.remove_prefix(1);
  }
  return terms;
}

bool TiesLeftToReader(const TraceTable& table, SqlDialect dialect) {
  return dialect == SqlDialect::kSqlite && table.index_keys > 0;
}

std::string TraceTableSql(const TraceTable& table, SqlDialect dialect, const SelectRows& select) {
  std::string sql = "SELECT * FROM " + std::string(table.name) + " WHERE ";
  if (*table.order == '\0') return sql + "id = $1";  // the trace's own row
  sql += table.scan ? TraceRowsWhere(dialect, select, table.name) : "trace_id = $1";
  if (!TiesLeftToReader(table, dialect)) return sql + " ORDER BY " + table.order;
  std::vector<std::string> terms = OrderTerms(table);
  std::string order;
  for (int i = 0; i < table.index_keys; ++i) order += (i > 0 ? ", " : "") + terms[i];
  return sql + " ORDER BY " + order;
}

}  // namespace tracedb

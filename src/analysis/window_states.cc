#include "analysis/window_states.h"

#include <cmath>
#include <string>

#include "results/result_table.h"

namespace tracedb {
namespace {

constexpr const char* kColumns =
    "s.container_id, s.type_id, s.value_id, s.start_time, s.end_time, s.depth";

std::string Literal(double value) { return "(" + FormatRealExact(value) + ")"; }

// The earliest start of a state no longer than `longest` that reaches into
// the window. The bound is widened by a millionth of a millionth, more
// than the rounding of the subtraction: a state it lets in that does not
// reach the window is left out by InWindowSql.
std::string LowerBound(const WindowQuery& query, const std::string& longest) {
  double slack = std::abs(query.window.from) * 1e-12;
  return Literal(query.window.from) + " - " + Literal(slack) + " - " + longest +
         " * 1.000000000001";
}

// time_window.h's InWindow, for a state s that starts by the window's end.
std::string InWindowSql(const WindowQuery& query) {
  std::string from = Literal(query.window.from), to = Literal(query.window.to);
  std::string before_end = query.window.ends_trace ? " <= " : " < ";
  return "((s.end_time > " + from + " AND s.start_time < " + to +
         ") OR (s.end_time = s.start_time AND s.start_time >= " + from + " AND s.start_time" +
         before_end + to + "))";
}

std::string TypesSql(const WindowQuery& query) {
  if (query.type_ids.empty()) return "";
  std::string sql = " AND s.type_id IN (";
  for (size_t i = 0; i < query.type_ids.size(); ++i) {
    sql += (i > 0 ? ", " : "") + std::to_string(query.type_ids[i]);
  }
  return sql + ")";
}

// " AND c.id = 7" for a query of container 7: `column` names the
// container where each part's search starts (the short states': the
// container row; the long states': the state's own).
std::string ContainerSql(const WindowQuery& query, const char* column) {
  if (!query.container_id) return "";
  return std::string(" AND ") + column + " = " + std::to_string(*query.container_id);
}

// The conditions a state of either part meets, after its index range.
std::string Conditions(const WindowQuery& query, const std::string& longest) {
  return " AND s.start_time >= " + LowerBound(query, longest) +
         " AND s.start_time <= " + Literal(query.window.to) + " AND " + InWindowSql(query) +
         TypesSql(query);
}

const std::string kShortLongest =
    "(SELECT max(short_max_seconds) FROM state_duration WHERE trace_id = $1)";

// CROSS JOIN makes SQLite read containers first, each one's states through
// state_container_time; the long states come through state_long_time.
std::string SqliteSql(const WindowQuery& query) {
  return std::string("SELECT ") + kColumns +
         " FROM container c CROSS JOIN state s ON s.trace_id = c.trace_id"
         " AND s.container_id = c.id AND s.long_state = 0" +
         Conditions(query, kShortLongest) + " WHERE c.trace_id = $1" + ContainerSql(query, "c.id") +
         " UNION ALL SELECT " + kColumns +
         " FROM state_duration d CROSS JOIN state s ON s.trace_id = d.trace_id"
         " AND s.duration_class = d.duration_class AND s.long_state = 1" +
         Conditions(query, "d.max_seconds") + ContainerSql(query, "s.container_id") +
         " WHERE d.trace_id = $1";
}

// Each search a LATERAL subquery of its own; OFFSET 0 keeps the planner
// from merging it into a join where it cannot tell how few rows the bounds
// leave. Each names the trace itself, not through the outer row: only a
// constant lets the planner keep the trace's partition alone (with
// s.trace_id = c.trace_id it planned every trace's, 32 ms for 70 traces).
std::string PostgresSql(const WindowQuery& query) {
  return std::string("SELECT s.* FROM container c CROSS JOIN LATERAL (SELECT ") + kColumns +
         " FROM state s WHERE s.trace_id = $1 AND s.container_id = c.id AND s.long_state = 0" +
         Conditions(query, kShortLongest) + " OFFSET 0) s WHERE c.trace_id = $1" +
         ContainerSql(query, "c.id") +
         " UNION ALL SELECT s.* FROM state_duration d CROSS JOIN LATERAL (SELECT " + kColumns +
         " FROM state s WHERE s.trace_id = $1 AND s.duration_class = d.duration_class"
         " AND s.long_state = 1" +
         Conditions(query, "d.max_seconds") + ContainerSql(query, "s.container_id") +
         " OFFSET 0) s WHERE d.trace_id = $1";
}

}  // namespace

void ReadWindowStates(SqlDialect dialect, const SelectRows& select, const WindowQuery& query,
                      const std::function<void(const WindowState&)>& visit) {
  std::string both = dialect == SqlDialect::kSqlite ? SqliteSql(query) : PostgresSql(query);
  std::unique_ptr<RowCursor> rows = select(
      "SELECT * FROM (" + both + ") w ORDER BY container_id, type_id, start_time, depth, end_time");
  while (rows->Next()) {
    visit({.container_id = rows->Int(0),
           .type_id = rows->Int(1),
           .value_id = rows->Int(2),
           .start_time = rows->Double(3),
           .end_time = rows->Double(4),
           .depth = rows->Int(5)});
  }
}

}  // namespace tracedb

// tracedb info: one trace in full, and how many rows each of its types has.
#include <cstdio>
#include <string>

#include "cli/commands.h"
#include "cli/open_archive.h"
#include "cli/statement_cells.h"
#include "cli/trace_fields.h"
#include "db/db_error.h"
#include "db/trace_catalog.h"
#include "output/json_table.h"
#include "output/table_text.h"

namespace tracedb {
namespace {

// Every type of the trace with the number of rows of that type in the table
// of its kind: containers for a container type, states for a state type...
// Type ids are unique within a trace, so each id meets one count at most.
// One scan of each table (its index does not cover type_id).
constexpr const char* kTypeRows = R"sql(
SELECT t.id, t.kind, t.name, t.alias, coalesce(n.rows, 0) AS rows
FROM type t LEFT JOIN (
  SELECT type_id, count(*) AS rows FROM container WHERE trace_id = ?1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM state WHERE trace_id = ?1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM event WHERE trace_id = ?1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM variable WHERE trace_id = ?1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM link WHERE trace_id = ?1 GROUP BY type_id
) n ON n.type_id = t.id
WHERE t.trace_id = ?1
ORDER BY t.id)sql";

ResultTable TypeRows(SqliteConnection& connection, int64_t trace_id) {
  SqliteStatement query = connection.Prepare(kTypeRows);
  query.BindInt(1, trace_id);
  ResultTable table{.columns = ColumnNames(query)};
  while (query.Step()) table.rows.push_back(RowCells(query));
  return table;
}

// "field  value" lines, then a blank line and the types with a header.
std::string TextInfo(const TraceRecord& trace, const ResultTable& types) {
  ResultTable fields{.columns = {"field", "value"}};
  std::vector<Cell> cells = TraceCells(trace);
  for (size_t i = 0; i < cells.size(); ++i) {
    fields.rows.push_back({TextCell(TraceColumns()[i]), cells[i]});
  }
  std::string out =
      FormatTextTable(fields, {.align = {Align::kLeft, Align::kLeft}, .header = false});
  return out + "\n" + FormatTextTable(types);
}

// The trace's columns as one object, its types as the array "types".
std::string JsonInfo(const TraceRecord& trace, const ResultTable& types) {
  std::string out;
  AppendJsonObject(&out, TraceColumns(), TraceCells(trace));
  out.pop_back();  // the '}', to add one more member
  out += ",\"types\":[";
  for (size_t i = 0; i < types.rows.size(); ++i) {
    if (i > 0) out += ',';
    AppendJsonObject(&out, types.columns, types.rows[i]);
  }
  return out + "]}\n";
}

}  // namespace

int RunInfo(const InfoArgs& args) {
  auto connection = OpenArchive(args.db);
  // One snapshot for the row and the counts, should a delete come between.
  connection->Exec("BEGIN");
  std::optional<TraceRecord> trace = FindTrace(*connection, args.trace);
  if (!trace) throw DbError(args.db, "no trace '" + args.trace + "' (see tracedb list)");
  ResultTable types = TypeRows(*connection, trace->id);
  connection->Rollback();  // nothing was written
  std::string out = args.json ? JsonInfo(*trace, types) : TextInfo(*trace, types);
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace tracedb

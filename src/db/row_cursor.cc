#include "db/row_cursor.h"

#include <string_view>
#include <utility>

namespace tracedb {
namespace {

// tracedb's JSON columns (trace.metadata, every table's extra) are text in
// both dialects: by their name, their objects come out nested.
bool IsJsonColumn(std::string_view name) { return name == "extra" || name == "metadata"; }

}  // namespace

std::vector<std::string> ColumnNames(const RowCursor& cursor) {
  std::vector<std::string> names;
  for (int i = 0; i < cursor.ColumnCount(); ++i) names.push_back(cursor.ColumnName(i));
  return names;
}

std::vector<Cell> RowCells(const RowCursor& cursor) {
  std::vector<Cell> cells;
  for (int i = 0; i < cursor.ColumnCount(); ++i) {
    Cell cell = cursor.CellAt(i);
    if (cell.kind == CellKind::kText && IsJsonColumn(cursor.ColumnName(i)) &&
        cell.text.starts_with('{')) {
      cell = JsonCell(std::move(cell.text));
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

}  // namespace tracedb

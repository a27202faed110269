#include "db/row_cursor.h"

namespace tracedb {

std::vector<std::string> ColumnNames(const RowCursor& cursor) {
  std::vector<std::string> names;
  for (int i = 0; i < cursor.ColumnCount(); ++i) names.push_back(cursor.ColumnName(i));
  return names;
}

std::vector<Cell> RowCells(const RowCursor& cursor) {
  std::vector<Cell> cells;
  for (int i = 0; i < cursor.ColumnCount(); ++i) cells.push_back(cursor.CellAt(i));
  return cells;
}

}  // namespace tracedb

#include "db/row_cursor.h"

#include "results/csv_text.h"

namespace tracedb {

CellKind RowCursor::AppendCell(int column, std::string* out) const {
  Cell cell = CellAt(column);
  out->append(cell.text);
  return cell.kind;
}

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

void AppendCsvRecord(std::string* out, const RowCursor& cursor) {
  int columns = cursor.ColumnCount();
  for (int i = 0; i < columns; ++i) {
    if (i > 0) out->push_back(',');
    size_t start = out->size();
    CellKind kind = cursor.AppendCell(i, out);
    // Numbers are digits, signs, points and letters: never quoted.
    if (kind != CellKind::kInteger && kind != CellKind::kReal) {
      QuoteCsvField(out, start, /*quote_empty=*/kind == CellKind::kText);
    }
  }
  out->push_back('\n');
}

}  // namespace tracedb

#include "db/sqlite/staged/row_block.h"

namespace tracedb {

void RowBlock::Add(const SqliteStatement& row) {
  for (int column = 0; column < columns; ++column) {
    RowCell cell{};
    cell.type = row.ColumnType(column);
    switch (cell.type) {
      case SqliteType::kInteger:
        cell.integer = row.ColumnInt(column);
        break;
      case SqliteType::kReal:
        cell.real = row.ColumnDouble(column);
        break;
      case SqliteType::kText:
      case SqliteType::kBlob: {
        std::string_view bytes = row.ColumnView(column);
        cell.text.offset = static_cast<uint32_t>(text.size());
        cell.text.size = static_cast<uint32_t>(bytes.size());
        text.append(bytes);
        break;
      }
      case SqliteType::kNull:
        break;
    }
    cells.push_back(cell);
  }
  ++rows;
}

}  // namespace tracedb

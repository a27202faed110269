#include "cli/statement_cells.h"

namespace tracedb {
namespace {

std::string BlobLiteral(const std::string& bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "x'";
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    text.push_back(kHex[u >> 4]);
    text.push_back(kHex[u & 0xf]);
  }
  return text + "'";
}

Cell ReadCell(const SqliteStatement& statement, int index) {
  switch (statement.ColumnType(index)) {
    case SqliteType::kInteger:
      return IntegerCell(statement.ColumnInt(index));
    case SqliteType::kReal:
      return RealCell(statement.ColumnDouble(index));
    case SqliteType::kText:
      return TextCell(statement.ColumnText(index));
    case SqliteType::kBlob:
      return TextCell(BlobLiteral(statement.ColumnText(index)));
    case SqliteType::kNull:
      break;
  }
  return NullCell();
}

}  // namespace

std::vector<std::string> ColumnNames(const SqliteStatement& statement) {
  std::vector<std::string> names;
  for (int i = 0; i < statement.ColumnCount(); ++i) names.push_back(statement.ColumnName(i));
  return names;
}

std::vector<Cell> RowCells(const SqliteStatement& statement) {
  std::vector<Cell> cells;
  for (int i = 0; i < statement.ColumnCount(); ++i) cells.push_back(ReadCell(statement, i));
  return cells;
}

}  // namespace tracedb

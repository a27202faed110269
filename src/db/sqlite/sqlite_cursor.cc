#include "db/sqlite/sqlite_cursor.h"

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

}  // namespace

Cell SqliteCursor::CellAt(int column) const {
  switch (statement_->ColumnType(column)) {
    case SqliteType::kInteger:
      return IntegerCell(statement_->ColumnInt(column));
    case SqliteType::kReal:
      return ExactRealCell(statement_->ColumnDouble(column));
    case SqliteType::kText:
      return TextCell(statement_->ColumnText(column));
    case SqliteType::kBlob:
      return TextCell(BlobLiteral(statement_->ColumnText(column)));
    case SqliteType::kNull:
      break;
  }
  return NullCell();
}

}  // namespace tracedb

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

CellKind SqliteCursor::AppendCell(int column, std::string* out) const {
  switch (statement_->ColumnType(column)) {
    case SqliteType::kInteger:
      AppendInteger(statement_->ColumnInt(column), out);
      return CellKind::kInteger;
    case SqliteType::kReal:
      AppendRealExact(statement_->ColumnDouble(column), out);
      return CellKind::kReal;
    case SqliteType::kText:
      out->append(statement_->ColumnView(column));
      return CellKind::kText;
    case SqliteType::kBlob:
      out->append(BlobLiteral(statement_->ColumnText(column)));
      return CellKind::kText;
    case SqliteType::kNull:
      break;
  }
  return CellKind::kNull;
}

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

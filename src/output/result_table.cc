#include "output/result_table.h"

#include <charconv>
#include <cstdio>
#include <utility>

#include "model/json_text.h"

namespace tracedb {

Cell NullCell() { return Cell{}; }

Cell IntegerCell(int64_t value) { return Cell{CellKind::kInteger, std::to_string(value)}; }

Cell RealCell(double value) { return Cell{CellKind::kReal, FormatReal(value)}; }

Cell TextCell(std::string text) { return Cell{CellKind::kText, std::move(text)}; }

Cell BooleanCell(bool value) { return Cell{CellKind::kBoolean, value ? "true" : "false"}; }

Cell JsonCell(std::string json) {
  CellKind kind = IsJsonValue(json) ? CellKind::kJson : CellKind::kText;
  return Cell{kind, std::move(json)};
}

std::string FormatReal(double value) { return FormatRealDigits(value, 15); }

// std::to_chars writes what "%.*g" writes, several times faster.
std::string FormatRealDigits(double value, int digits) {
  char buffer[40];
  char* end =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, digits).ptr;
  std::string text(buffer, end);
  // "%g" drops the point of 2.0; "e", "inf" and "nan" need no ".0".
  if (text.find_first_of(".ein") == std::string::npos) text += ".0";
  return text;
}

void RoundReals(std::vector<Cell>* row, int digits) {
  for (Cell& cell : *row) {
    if (cell.kind != CellKind::kReal) continue;
    double value = 0;
    std::from_chars(cell.text.data(), cell.text.data() + cell.text.size(), value);
    cell.text = FormatRealDigits(value, digits);
  }
}

void RoundReals(ResultTable* table, int digits) {
  for (std::vector<Cell>& row : table->rows) RoundReals(&row, digits);
}

std::string FormatRealExact(double value) {
  char buffer[32];
  // 32 bytes hold any double's shortest form ("-2.2250738585072014e-308").
  char* end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  std::string text(buffer, end);
  if (text.find_first_of(".ein") == std::string::npos) text += ".0";
  return text;
}

}  // namespace tracedb

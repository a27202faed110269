#include "output/result_table.h"

#include <charconv>
#include <cstdio>
#include <utility>

#include "model/json_text.h"

namespace tracedb {

Cell NullCell() { return Cell{}; }

Cell IntegerCell(int64_t value) { return Cell{CellKind::kInteger, std::to_string(value)}; }

Cell RealCell(double value) { return Cell{CellKind::kReal, FormatReal(value)}; }

Cell ExactRealCell(double value) { return Cell{CellKind::kReal, FormatRealExact(value)}; }

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

// 15 digits when they read back as the very same double, as they mostly do
// (0.1, 2.0, 1e+15), else 16 or 17; not to_chars' shortest form, which
// writes 0.0005 as "5e-04".
std::string FormatRealExact(double value) {
  std::string text;
  for (int digits = 15; digits < 17; ++digits) {
    text = FormatRealDigits(value, digits);
    double back = 0;
    std::from_chars(text.data(), text.data() + text.size(), back);
    if (back == value || value != value) return text;  // nan equals nothing
  }
  return FormatRealDigits(value, 17);
}

}  // namespace tracedb

#include "output/result_table.h"

#include <charconv>
#include <cstdio>
#include <string_view>
#include <utility>

#include "model/json_text.h"

namespace tracedb {

namespace {

// Room for any real's text: 17 digits, sign, point, exponent.
constexpr int kRealChars = 40;

// std::to_chars writes what "%.*g" writes, several times faster. The text
// goes to `buffer` (kRealChars), whose end is returned.
char* RealDigits(double value, int digits, char* buffer) {
  char* end =
      std::to_chars(buffer, buffer + kRealChars - 2, value, std::chars_format::general, digits).ptr;
  // "%g" drops the point of 2.0; "e", "inf" and "nan" need no ".0".
  if (std::string_view(buffer, end - buffer).find_first_of(".ein") == std::string_view::npos) {
    *end++ = '.';
    *end++ = '0';
  }
  return end;
}

// 15 digits when they read back as the very same double, as they mostly do
// (0.1, 2.0, 1e+15), else 16 or 17; not to_chars' shortest form, which
// writes 0.0005 as "5e-04".
char* RealExact(double value, char* buffer) {
  for (int digits = 15; digits < 17; ++digits) {
    char* end = RealDigits(value, digits, buffer);
    double back = 0;
    std::from_chars(buffer, end, back);
    if (back == value || value != value) return end;  // nan equals nothing
  }
  return RealDigits(value, 17, buffer);
}

}  // namespace

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

std::string FormatRealDigits(double value, int digits) {
  char buffer[kRealChars];
  return std::string(buffer, RealDigits(value, digits, buffer));
}

std::string FormatRealExact(double value) {
  char buffer[kRealChars];
  return std::string(buffer, RealExact(value, buffer));
}

void AppendInteger(int64_t value, std::string* out) {
  char buffer[24];  // 19 digits and a sign
  out->append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void AppendRealExact(double value, std::string* out) {
  char buffer[kRealChars];
  out->append(buffer, RealExact(value, buffer));
}

}  // namespace tracedb

#include "results/result_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
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

char* RealExactByPrinting(double value, char* buffer) {
  for (int digits = 15; digits < 17; ++digits) {
    char* end = RealDigits(value, digits, buffer);
    double back = 0;
    std::from_chars(buffer, end, back);
    if (back == value || value != value) return end;  // nan equals nothing
  }
  return RealDigits(value, 17, buffer);
}

// The significant digits and the decimal exponent of the shortest text that
// reads back as `value` (finite, not zero): 0.0125 -> "125", -2.
struct ShortestDigits {
  char digits[20];
  int count = 0;
  int exponent = 0;
};

ShortestDigits Shortest(double value) {
  char text[kRealChars];
  char* end = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific).ptr;
  ShortestDigits shortest;
  const char* p = text + (value < 0 ? 1 : 0);
  for (; *p != 'e'; ++p) {
    if (*p != '.') shortest.digits[shortest.count++] = *p;
  }
  bool negative = p[1] == '-';
  std::from_chars(p + 2, end, shortest.exponent);
  if (negative) shortest.exponent = -shortest.exponent;
  return shortest;
}

// "%e"'s layout of the digits: 1.25e-07.
char* ScientificLayout(const ShortestDigits& shortest, char* out) {
  const char* digits = shortest.digits;
  *out++ = digits[0];
  if (shortest.count > 1) *out++ = '.';
  out = std::copy(digits + 1, digits + shortest.count, out);
  *out++ = 'e';
  *out++ = shortest.exponent < 0 ? '-' : '+';
  int magnitude = std::abs(shortest.exponent);
  if (magnitude < 10) *out++ = '0';
  return std::to_chars(out, out + 4, magnitude).ptr;
}

// "%f"'s layout of the digits, with ".0" where "%g" would drop the point.
char* FixedLayout(const ShortestDigits& shortest, char* out) {
  const char* digits = shortest.digits;
  int count = shortest.count;
  if (shortest.exponent < 0) {  // 0.000125
    out = std::copy_n("0.000", 1 - shortest.exponent, out);
    return std::copy(digits, digits + count, out);
  }
  int whole = shortest.exponent + 1;
  out = std::copy(digits, digits + std::min(count, whole), out);
  out = std::fill_n(out, std::max(0, whole - count), '0');
  *out++ = '.';
  if (count <= whole) {
    *out++ = '0';
    return out;
  }
  return std::copy(digits + whole, digits + count, out);
}

// What "%.*g" with `precision` writes for `shortest`, whose digits are as
// many as `precision` at most: then the rounding to `precision` digits keeps
// them, and only the layout is left (C11 7.21.6.1, the g conversion).
char* PrintfLayout(const ShortestDigits& shortest, int precision, bool negative, char* out) {
  if (negative) *out++ = '-';
  if (shortest.exponent < -4 || shortest.exponent >= precision) {
    return ScientificLayout(shortest, out);
  }
  return FixedLayout(shortest, out);
}

// 15 digits when they read back as the very same double, as they mostly do
// (0.1, 2.0, 1e+15), else 16 or 17: "%.15g" when it reads back, else "%.16g"
// or "%.17g"; not to_chars' shortest form, which writes 0.0005 as "5e-04".
// The shortest digits give the same text without printing and reading back
// up to three times (the 1 GB bench trace's export spent a fifth of its
// CPU there): if n digits are the fewest that read back, then "%.15g" reads
// back exactly when n <= 15, writing those digits; "%.16g" and "%.17g"
// round to the nearest 16 or 17 digits, which are the shortest ones when
// n is 16 or 17 (nearest is how the shortest are chosen among equals).
//
// Subnormal numbers (under 2.2e-308) have fewer bits than 53, so their 15
// digits are not the nearest of the shortest: they, zero, the infinities and
// NaN are printed and read back as the rule says.
char* RealExact(double value, char* buffer) {
  if (!std::isnormal(value)) return RealExactByPrinting(value, buffer);
  ShortestDigits shortest = Shortest(value);
  return PrintfLayout(shortest, std::max(15, shortest.count), value < 0, buffer);
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
  char* end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out->append(buffer, end - buffer);  // (pointer, size): a pair of pointers goes through replace
}

void AppendRealExact(double value, std::string* out) {
  char buffer[kRealChars];
  char* end = RealExact(value, buffer);
  out->append(buffer, end - buffer);
}

}  // namespace tracedb

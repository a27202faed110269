#include "model/number.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace tracedb {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// from_chars alone would accept "inf", "nan" and, for a leading '-', more
// than the grammar allows; this checks the shape first.
bool HasDecimalShape(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = 0;
  while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

// 10^0 .. 10^22, each exactly a double.
constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Clinger's fast path for the common shape, "[-]digits[.digits]": when the
// digits make an integer below 2^53 and at most 22 of them follow the
// point, integer / 10^fraction divides two exact doubles, and one IEEE
// division rounds correctly, as from_chars would. Times in traces are
// mostly like this; false sends the rest to from_chars. It runs for
// every time of a trace: one tight loop on each side of the point.
bool FastDecimal(std::string_view s, double* out) {
  const char* p = s.data();
  const char* end = p + s.size();
  bool negative = p < end && *p == '-';
  if (negative || (p < end && *p == '+')) ++p;
  // 19 digits and the point at most: the integer below cannot overflow.
  if (end - p > 20) return false;
  uint64_t mantissa = 0;
  const char* whole = p;
  for (; p < end && IsDigit(*p); ++p) mantissa = mantissa * 10 + static_cast<uint64_t>(*p - '0');
  size_t digits = static_cast<size_t>(p - whole);
  size_t fraction = 0;
  if (p < end && *p == '.') {
    const char* decimals = ++p;
    for (; p < end && IsDigit(*p); ++p) {
      mantissa = mantissa * 10 + static_cast<uint64_t>(*p - '0');
    }
    fraction = static_cast<size_t>(p - decimals);
  }
  digits += fraction;
  if (p != end || digits == 0 || digits > 19 || mantissa > (uint64_t{1} << 53)) return false;
  double value = static_cast<double>(mantissa) / kPowersOfTen[fraction];
  *out = negative ? -value : value;
  return true;
}

}  // namespace

bool ParseDecimalTo(std::string_view text, double* value) {
  if (FastDecimal(text, value)) return true;
  if (!HasDecimalShape(text)) return false;
  if (text[0] == '+') text.remove_prefix(1);
  double parsed = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(parsed)) {
    return false;
  }
  *value = parsed;
  return true;
}

}  // namespace tracedb

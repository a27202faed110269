#include "output/fixed_six.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tracedb {
namespace {

// Below this, value * 10^6 < 2^52: a double holds it with at least one bit
// after the point, so the rounding below can be decided exactly.
constexpr double kFastLimit = 4.5e9;

constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// The non-negative `value` * 10^6 rounded to the nearest integer, ties to
// even, as printf rounds the exact binary value. x = fl(value * 10^6) is a
// multiple of its ulp (<= 1/2), so its fraction d is either exactly 1/2 or
// at least an ulp away from it, while the rounding error of the product is
// at most half an ulp: only d == 1/2 needs that error, which fma gives
// exactly (value * 10^6 == x + error).
uint64_t ScaledRounded(double value) {
  double x = value * 1e6;
  double whole = std::floor(x);
  double fraction = x - whole;
  auto n = static_cast<uint64_t>(whole);
  if (fraction > 0.5) return n + 1;
  if (fraction < 0.5) return n;
  double error = std::fma(value, 1e6, -x);
  if (error != 0) return error > 0 ? n + 1 : n;
  return n + (n & 1);
}

// Writes `n` (< 10^10) in decimal without leading zeros ("0" for zero).
char* WriteWhole(uint64_t n, char* out) {
  char digits[20];
  char* p = digits + sizeof digits;
  while (n >= 100) {
    p -= 2;
    std::memcpy(p, kDigitPairs + 2 * (n % 100), 2);
    n /= 100;
  }
  if (n >= 10) {
    p -= 2;
    std::memcpy(p, kDigitPairs + 2 * n, 2);
  } else {
    *--p = static_cast<char>('0' + n);
  }
  size_t length = digits + sizeof digits - p;
  std::memcpy(out, p, length);
  return out + length;
}

// Writes `n` (< 10^6) as exactly six digits.
char* WriteSixDigits(uint32_t n, char* out) {
  std::memcpy(out, kDigitPairs + 2 * (n / 10000), 2);
  std::memcpy(out + 2, kDigitPairs + 2 * (n / 100 % 100), 2);
  std::memcpy(out + 4, kDigitPairs + 2 * (n % 100), 2);
  return out + 6;
}

}  // namespace

char* FormatFixedSix(double value, char* out) {
  double magnitude = std::fabs(value);
  if (!(magnitude < kFastLimit)) {  // also NaN
    return std::to_chars(out, out + kFixedSixMaxChars, value, std::chars_format::fixed, 6).ptr;
  }
  if (std::signbit(value)) *out++ = '-';  // printf writes -0.000000 too
  uint64_t scaled = ScaledRounded(magnitude);
  out = WriteWhole(scaled / 1000000, out);
  *out++ = '.';
  return WriteSixDigits(static_cast<uint32_t>(scaled % 1000000), out);
}

}  // namespace tracedb

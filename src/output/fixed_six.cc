#include "output/fixed_six.h"

#include <bit>
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
  // Through int64_t: 0 <= x < 2^53, and the conversions of an unsigned
  // 64-bit integer each cost a test and a branch for the top bit.
  auto n = static_cast<int64_t>(x);  // floor, x being positive
  double fraction = x - static_cast<double>(n);
  auto scaled = static_cast<uint64_t>(n);
  if (fraction > 0.5) return scaled + 1;
  if (fraction < 0.5) return scaled;
  double error = std::fma(value, 1e6, -x);
  if (error != 0) return error > 0 ? scaled + 1 : scaled;
  return scaled + (scaled & 1);
}

// The decimal digits of `n` (< 10^10), at least one.
int DigitCount(uint64_t n) {
  int count = 1;
  for (uint64_t limit = 10; n >= limit && count < 10; limit *= 10) ++count;
  return count;
}

// Writes `n` (< 10^10) in decimal without leading zeros ("0" for zero),
// from its last digit back, in place: no copy of variable size (a call).
char* WriteWhole(uint64_t n, char* out) {
  if (n < 10) {  // times of seconds since the start: nearly always
    *out = static_cast<char>('0' + n);
    return out + 1;
  }
  if (n < 100) {
    std::memcpy(out, kDigitPairs + 2 * n, 2);
    return out + 2;
  }
  char* end = out + DigitCount(n);
  char* p = end;
  while (n >= 100) {
    p -= 2;
    std::memcpy(p, kDigitPairs + 2 * (n % 100), 2);
    n /= 100;
  }
  if (n >= 10) {
    std::memcpy(p - 2, kDigitPairs + 2 * n, 2);
  } else {
    p[-1] = static_cast<char>('0' + n);
  }
  return end;
}

static_assert(std::endian::native == std::endian::little,
              "DigitPair's first digit is its low byte");

// The two digits of `n` (< 100) as the low bytes of a word, first digit first.
uint64_t DigitPair(uint32_t n) {
  uint16_t pair;
  std::memcpy(&pair, kDigitPairs + 2 * n, 2);
  return pair;
}

// Writes the point and `n` (< 10^6) as exactly six digits: seven bytes,
// stored as one word (the eighth byte is room, FormatFixedSix's to use).
// One store, not three: the text is read again soon (DumpText::Fixed), and
// a word read across several small stores waits for them to land.
char* WritePointAndSixDigits(uint32_t n, char* out) {
  uint64_t word = uint64_t{'.'} | DigitPair(n / 10000) << 8 | DigitPair(n / 100 % 100) << 24 |
                  DigitPair(n % 100) << 40;
  std::memcpy(out, &word, 8);
  return out + 7;
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
  return WritePointAndSixDigits(static_cast<uint32_t>(scaled % 1000000), out);
}

}  // namespace tracedb

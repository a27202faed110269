// FormatFixedSix: a double spelled exactly as printf("%.6f") spells it (the
// time format of pj_dump's output), several times faster than std::to_chars
// with a precision, which dumping calls four times per line.
//
// Exact for every double: values whose rounding the fast path cannot settle
// (huge, non-finite) go to std::to_chars, which is printf-exact too.
#pragma once

#include <cstddef>

namespace tracedb {

// Room for any result: 309 integer digits of DBL_MAX, the sign, the point and
// the six decimals.
inline constexpr size_t kFixedSixMaxChars = 320;

// Writes the text at `out` (not terminated) and returns its end. It may
// write past that end, never past out + kFixedSixMaxChars.
char* FormatFixedSix(double value, char* out);

}  // namespace tracedb

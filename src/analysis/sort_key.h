// SortKey: a time rounded to 12 significant digits, for ordering rows: two
// sums of the same numbers added up in another order differ in their last
// bits, and must tie (and then sort by name) rather than come out in an
// order the printed numbers (15 digits in CSV, 9 in text) do not show.
//
// Plain function; no threading concerns.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace tracedb {

inline double SortKey(double seconds) {
  char text[40];
  std::snprintf(text, sizeof text, "%.12g", seconds);
  return std::strtod(text, nullptr);
}

}  // namespace tracedb

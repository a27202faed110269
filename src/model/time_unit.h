// The units a trace's times may be in (trace.time_unit): "s", "ms", "us",
// "ns". Times are stored as the trace wrote them; the unit says how to read
// them, and every label, axis and column header shows it.
//
// Plain functions; no threading concerns.
#pragma once

#include <string>
#include <string_view>

namespace tracedb {

inline bool IsTimeUnit(std::string_view unit) {
  return unit == "s" || unit == "ms" || unit == "us" || unit == "ns";
}

// The unit as a column header says it: "seconds" for "s", "milliseconds"...
inline std::string TimeUnitWord(std::string_view unit) {
  if (unit == "ms") return "milliseconds";
  if (unit == "us") return "microseconds";
  if (unit == "ns") return "nanoseconds";
  return "seconds";
}

}  // namespace tracedb

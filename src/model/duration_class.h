// A state's duration class: the k with 2^(k-1) <= duration < 2^k; one class
// for every duration under 2^-1022 (zero included: subnormal doubles are not
// worth classes of their own), one for a difference of times that overflows. Stored with each state
// (state.duration_class). Within a class the durations are bounded
// (state_duration.max_seconds), so the long states (summary/long_states.h),
// indexed by class and start time, that cover a time t start after t minus
// that bound: a window or instant query reads a few index ranges instead of
// every state since the trace's start (schema/schema.sql, docs/archive.md: queries 8
// and 9).
//
// Pure functions; no threading concerns.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace tracedb {

// Durations in [0, 2^-1022).
inline constexpr int32_t kShortestDurationClass = -1022;
// end - start of two finite times can overflow to infinity.
inline constexpr int32_t kOverflowDurationClass = 1025;

inline int32_t DurationClass(double start, double end) {
  double seconds = end - start;
  if (!(seconds >= std::numeric_limits<double>::min())) return kShortestDurationClass;
  if (!std::isfinite(seconds)) return kOverflowDurationClass;
  int exponent = 0;
  std::frexp(seconds, &exponent);  // seconds = m * 2^exponent, 0.5 <= m < 1
  return exponent;
}

}  // namespace tracedb

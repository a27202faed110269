// TimeWindow: the [from, to] of --from/--to, and what a state or a
// container's lifetime keeps of itself within it.
//
// A state is in the window when it overlaps it for some time (starts
// before `to`, ends after `from`), or is a zero-length state at a time
// within [from, to), or at `to` too where the window ends the trace: so
// windows side by side count each state once (a zero-length state at 7 is
// in [7, 8], not in [6, 7]), and the window of a trace's whole span holds
// every state, as the summaries count them.
//
// Plain data and functions; no threading concerns.
#pragma once

#include <algorithm>

namespace tracedb {

struct TimeWindow {
  double from = 0;
  double to = 0;           // > from
  bool ends_trace = true;  // `to` is at or past the trace's end
};

inline bool InWindow(const TimeWindow& window, double start, double end) {
  if (start == end) {
    return start >= window.from && (start < window.to || (window.ends_trace && start == window.to));
  }
  return start < window.to && end > window.from;
}

// The length of [start, end] within the window, 0 when they do not meet.
inline double Clipped(const TimeWindow& window, double start, double end) {
  return std::max(0.0, std::min(end, window.to) - std::max(start, window.from));
}

}  // namespace tracedb

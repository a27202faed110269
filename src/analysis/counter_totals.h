// ReadCounterCounts: what each counter of a profile (counter_columns.h)
// counted within the states of each of its rows, clipped to a window: per
// state, the integral of the counter's rate over the part of the state in
// the window (counter_integral.h), summed per container, type and value
// (inclusive: a state's count holds what the states pushed on it counted
// too), or over all containers. The SQL version is docs/archive.md's
// query 6.
//
// Container by container, so that memory holds one container's samples
// (within the window) at most: its variable rows of the counters' types
// first, whole, then its states in the window (window_states.h), one
// cursor open at a time. Only containers with samples are read: a state
// where the counter was not sampled counted nothing.
//
// Runs on the caller's thread, within the caller's read snapshot.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "analysis/profile_totals.h"
#include "analysis/time_window.h"
#include "db/row_cursor.h"
#include "db/sql_dialect.h"

namespace tracedb {

// Per row of the profile (a ProfileKey of profile_totals.h), a count per
// counter name; a row that counted nothing may be missing.
using CounterCounts = std::map<ProfileKey, std::vector<double>>;

struct CounterScope {
  ProfileScope profile;  // per container or not; which state types
  // Per counter name (CounterRequest::names), its variable types
  // (counter_types.h).
  std::vector<std::vector<int64_t>> type_ids;
  TimeWindow window;  // the trace's whole span when the profile has none
};

CounterCounts ReadCounterCounts(SqlDialect dialect, const SelectRows& select,
                                const CounterScope& scope);

}  // namespace tracedb

// ReadWindowStates: the states of a complete trace that are in a time
// window (time_window.h), read through the archive's indexes as docs/archive.md's
// query 8 does: the short states container by container from the window's
// start minus the longest of them, the few long ones class by class
// (state.long_state, state_duration). A window of 1% of the 1 GB bench
// trace's span reads about 1% of its states.
//
// The states arrive ordered by container, type, start time, depth and end
// time: a state's parent (the state it was pushed on) is the last one seen
// one level below it in the same container and type.
//
// Runs on the caller's thread, within the caller's read snapshot.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "analysis/time_window.h"
#include "db/row_cursor.h"
#include "db/sql_dialect.h"

namespace tracedb {

struct WindowState {
  int64_t container_id = 0;
  int64_t type_id = 0;
  int64_t value_id = 0;
  double start_time = 0;
  double end_time = 0;
  int64_t depth = 0;
};

struct WindowQuery {
  TimeWindow window;
  std::vector<int64_t> type_ids;  // only states of these types; empty: every state
  // Only this container's states (counter_totals.h reads container by
  // container); none: every container's.
  std::optional<int64_t> container_id;
};

void ReadWindowStates(SqlDialect dialect, const SelectRows& select, const WindowQuery& query,
                      const std::function<void(const WindowState&)>& visit);

}  // namespace tracedb

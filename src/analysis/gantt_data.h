// ReadGantt: the space-time chart of a complete trace, or of a time window
// of it, as a GanttChart (chart/gantt.h) to draw: a row per container and
// state type that has states, containers in hierarchy order (depth first,
// children in creation order); the trace's value colours.
//
// While the states in view are at most `exact_states`, the rows hold them
// as they are; past that, each row becomes pixel columns (gantt_columns.h),
// so the chart's size is bounded by rows times columns whatever the
// trace's size. The states stream in container order: memory holds the
// exact states (bounded) or one row's columns.
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/time_window.h"
#include "chart/gantt.h"
#include "db/archive.h"
#include "db/trace_record.h"

namespace tracedb {

struct GanttOptions {
  std::optional<TimeWindow> window;  // default: the trace's span
  int columns = 1500;                // pixels of the time axis
  size_t exact_states = 5000;        // more in view: aggregated
  std::optional<std::string> type;   // one state type (by name); default: all
};

GanttChart ReadGantt(Archive& archive, const TraceRecord& trace, const GanttOptions& options);

}  // namespace tracedb

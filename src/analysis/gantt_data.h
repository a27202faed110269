// ReadGantt: the space-time chart of a complete trace, or of a time window
// of it, as a GanttChart (chart/gantt.h) to draw: a row per container and
// state type that has states, containers in hierarchy order (depth first,
// children in creation order); the trace's value colours.
//
// While the states in view are at most `exact_states`, the rows hold them
// as they are; past that, each row becomes pixel columns (gantt_columns.h),
// so the chart's size is bounded by rows times columns whatever the
// trace's size. The states stream in container order: memory holds the
// exact states (bounded) or, per reader, one row's columns.
//
// A whole trace of more than `exact_states` states is read by `readers`
// connections at once, each streaming the states of a range of containers
// (about as many states each) into rows of its own: the 1 GB bench trace's
// 7.5 million states take 1.7 s from SQLite and 2.2 s from PostgreSQL on
// two cores, against 3.1 s and 5.9 s read by one connection. The chart is
// the same whatever the number of readers. A window is read by the
// calling thread alone (it reads few states, through the indexes).
//
// Blocks the caller until every reader is done. The rows and values come
// from one snapshot and the states from the readers' own
// (TraceReader::ReadCompleteTogether): a complete trace's rows never change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/time_window.h"
#include "chart/gantt.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"

namespace tracedb {

struct GanttOptions {
  std::optional<TimeWindow> window;  // default: the trace's span
  int columns = 1500;                // pixels of the time axis
  size_t exact_states = 5000;        // more in view: aggregated
  std::optional<std::string> type;   // one state type (by name); default: all
  int readers = 0;                   // connections reading an aggregated whole
                                     // trace at once (at most 4); 0: one per core
};

GanttChart ReadGantt(TraceReader& reader, const TraceRecord& trace, const GanttOptions& options);

}  // namespace tracedb

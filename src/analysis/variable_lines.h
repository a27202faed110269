// ReadVariableLines: a complete trace's variables as lines over time, for
// LinesSvg: a chart per variable type (the first kMaxVariableCharts by
// name), a line per container that has the variable (the first kMaxLines
// in hierarchy order), each the time-weighted mean of the value per pixel
// column over the trace's span or the window. Each line reads its
// container's intervals through the index on (container_id, start_time).
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <optional>
#include <vector>

#include "analysis/time_window.h"
#include "chart/lines_svg.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"

namespace tracedb {

inline constexpr size_t kMaxVariableCharts = 4;
inline constexpr size_t kMaxLines = 24;

struct VariableLines {
  std::vector<LineChart> charts;
  size_t types = 0;  // variable types in the trace: more than charts.size() are left out
};

VariableLines ReadVariableLines(TraceReader& reader, const TraceRecord& trace,
                                const std::optional<TimeWindow>& window, int columns);

}  // namespace tracedb

// TraceReport: one self-contained HTML page about a complete trace, what
// `tracedb report` writes: its facts, the space-time (Gantt) chart with
// its links, utilisation over time, the variables as lines (when the trace
// has any), the flat profile (bars and table) and the communication matrix
// (heatmap and table). Inline CSS, SVG and a
// little JavaScript (a tooltip that follows the mouse); nothing is fetched
// from the network, so it opens offline, years later.
//
// With a window, the Gantt, the profile and the utilisation show it; the
// communication matrix is the whole trace's (the summaries').
//
// Runs on the caller's thread; each part reads the trace in a snapshot of
// its own (a complete trace does not change).
#pragma once

#include <optional>
#include <string>

#include "analysis/time_window.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"

namespace tracedb {

struct ReportOptions {
  std::optional<TimeWindow> window;  // --from/--to
  int columns = 1100;                // the Gantt's pixel columns: a page's width
};

std::string TraceReport(TraceReader& reader, const TraceRecord& trace,
                        const ReportOptions& options);

}  // namespace tracedb

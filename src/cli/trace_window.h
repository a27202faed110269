// ChosenWindow: the time window --from/--to ask for, its missing end
// taken from the trace's span. An empty window, or one outside the span,
// is a DbError that says so.
//
// Plain function; call from the main thread.
#pragma once

#include "analysis/time_window.h"
#include "cli/shared_options.h"
#include "db/archive.h"
#include "db/trace_record.h"

namespace tracedb {

TimeWindow ChosenWindow(const Archive& archive, const TraceRecord& trace, const WindowArgs& args);

}  // namespace tracedb

// FlameGraphs: the report's "Call paths" section: the call-path profile
// (analysis/call_path_tree.h) merged over the containers, one icicle per
// state type whose states nest (the types whose paths are all one deep add
// nothing to the profile beside it), in the values' colours.
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <optional>

#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "report/report_page.h"

namespace tracedb {

// None when no state type nests, or the trace has no call paths (loaded
// before them).
std::optional<ReportSection> FlameGraphs(TraceReader& reader, const TraceRecord& trace);

}  // namespace tracedb

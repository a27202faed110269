// FindAnalysable: the trace a user's TRACE argument names, when the
// analysis commands (profile, comm, compare, report, plot) can answer for
// it: complete, and with the summaries a load computes. Anything else is a
// DbError that says why and what to do (see tracedb list; still loading;
// failed, with its error; no summaries: tracedb summarize).
//
// Runs on the caller's thread, within the call.
#pragma once

#include <string>

#include "db/trace_catalog.h"
#include "db/trace_record.h"

namespace tracedb {

TraceRecord FindAnalysable(TraceCatalog& catalog, const std::string& given);

// For the answers made of states (profile, compare, report, and plot's
// gantt, utilisation and profile): a DbError when the trace has none,
// saying what it has instead.
void RequireStates(const TraceCatalog& catalog, const TraceRecord& trace);

// "trace 3 (ring.paje)", as the analysis commands name a trace.
std::string TraceLabel(const TraceRecord& trace);

// The unit of the trace's times, for axes and tooltips: trace.time_unit,
// "s" for Paraver and OTF2, a Pajé trace's as ingest --time-unit said.
std::string TimeUnit(const TraceRecord& trace);
// A column of times in that unit: "inclusive_seconds", "inclusive_milliseconds"
// (`what` "inclusive"); the unit's word alone for an empty `what`.
std::string TimeColumn(const TraceRecord& trace, const std::string& what);

}  // namespace tracedb

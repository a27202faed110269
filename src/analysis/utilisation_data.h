// ReadUtilisation: a complete trace's utilisation over time, from the
// time profile its load computed (state_profile): per state value and
// equal time bin, how many containers were in that value on average
// (exclusive time over the bin's width), for UtilisationSvg; past 24
// values, the 23 with the most time and one grey series of the others. With a window,
// the bins that overlap it; with a type name, the states of the type(s) of
// that name only (a DbError when it names none).
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <optional>
#include <string>

#include "analysis/time_window.h"
#include "chart/utilisation_svg.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"

namespace tracedb {

Utilisation ReadUtilisation(TraceReader& reader, const TraceRecord& trace,
                            const std::optional<TimeWindow>& window,
                            const std::optional<std::string>& type = std::nullopt);

}  // namespace tracedb

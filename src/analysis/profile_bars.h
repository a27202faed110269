// ReadProfileBars: the flat profile over all containers (from the
// summaries, or clipped to a window) as the bars ProfileBarsSvg draws, the
// kMaxBars largest inclusive times first, in the values' own colours.
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <optional>

#include "analysis/time_window.h"
#include "chart/bars_svg.h"
#include "db/archive.h"
#include "db/trace_record.h"

namespace tracedb {

inline constexpr size_t kMaxBars = 30;

ProfileBars ReadProfileBars(Archive& archive, const TraceRecord& trace,
                            const std::optional<TimeWindow>& window);

}  // namespace tracedb

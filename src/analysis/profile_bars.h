// ProfileBarsOf: a flat profile's totals over all containers as the bars
// ProfileBarsSvg draws, the kMaxBars largest inclusive times first, in the
// values' own colours (flat_profile.h reads them: ReadDrawnProfile).
//
// Plain function; no threading concerns.
#pragma once

#include <vector>

#include "analysis/profile_totals.h"
#include "analysis/trace_names.h"
#include "chart/bars_svg.h"

namespace tracedb {

inline constexpr size_t kMaxBars = 30;

std::vector<ProfileBar> ProfileBarsOf(const TraceNames& names, const ProfileTotals& totals);

}  // namespace tracedb

#include "analysis/profile_bars.h"

#include <algorithm>
#include <set>

#include "analysis/profile_totals.h"
#include "analysis/sort_key.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"

namespace tracedb {

std::vector<ProfileBar> ProfileBarsOf(const TraceNames& names, const ProfileTotals& totals) {
  std::set<int64_t> types;
  for (const auto& [key, times] : totals.times) types.insert(key.type_id);
  std::vector<std::pair<double, ProfileBar>> keyed;
  for (const auto& [key, times] : totals.times) {
    const ValueName& value = StateValueOf(names, key.value_id);
    std::string label =
        types.size() > 1 ? TypeOf(names, key.type_id).name + ": " + value.name : value.name;
    keyed.push_back({-SortKey(times.inclusive),
                     {label, CssColor(value.color, value.name), times.inclusive, times.exclusive}});
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ProfileBar> bars;
  for (size_t i = 0; i < keyed.size() && i < kMaxBars; ++i) bars.push_back(keyed[i].second);
  return bars;
}

}  // namespace tracedb

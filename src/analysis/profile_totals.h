// ProfileTotals: time per state value, per container or over all of them,
// with count, inclusive and exclusive time; from the stored summaries
// (state_summary) or from the states of a time window, clipped to it.
//
// A state's exclusive time is its duration minus those of the states
// pushed directly on it (same container and type), as state_summary has
// it; within a window, each duration clipped to the window.
//
// Plain data and functions; runs on the caller's thread, within the
// caller's read snapshot.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "analysis/window_states.h"

namespace tracedb {

// Totals over every container carry this container id.
inline constexpr int64_t kAllContainers = -1;

struct ProfileKey {
  int64_t container_id = kAllContainers;
  int64_t type_id = 0;
  int64_t value_id = 0;
  auto operator<=>(const ProfileKey&) const = default;
};

struct ProfileTimes {
  int64_t count = 0;
  double inclusive = 0;
  double exclusive = 0;
};

struct ProfileTotals {
  std::map<ProfileKey, ProfileTimes> times;
  // (type_id, container_id): the containers that have states of each type
  // in the trace (in the window or not), whose lifetimes shares divide by.
  std::set<std::pair<int64_t, int64_t>> type_containers;
};

struct ProfileScope {
  bool per_container = false;     // else every container's times add up
  std::vector<int64_t> type_ids;  // only these state types; empty: all
};

// From state_summary.
ProfileTotals SummaryTotals(const SelectRows& select, const ProfileScope& scope);

// From the window's states; type_containers from state_summary.
ProfileTotals WindowTotals(SqlDialect dialect, const SelectRows& select, const ProfileScope& scope,
                           const TimeWindow& window);

}  // namespace tracedb

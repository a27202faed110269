#include "analysis/profile_totals.h"

#include <string>

#include "analysis/state_types.h"

namespace tracedb {
namespace {

ProfileKey KeyOf(const ProfileScope& scope, int64_t container_id, int64_t type_id,
                 int64_t value_id) {
  return {scope.per_container ? container_id : kAllContainers, type_id, value_id};
}

// Reads state_summary; `add` sees each wanted row, type_containers filled.
template <typename Add>
ProfileTotals ReadSummary(const SelectRows& select, const ProfileScope& scope, Add add) {
  ProfileTotals totals;
  std::unique_ptr<RowCursor> rows = select(
      "SELECT container_id, type_id, value_id, count, inclusive_seconds, exclusive_seconds "
      "FROM state_summary WHERE trace_id = $1");
  while (rows->Next()) {
    if (!AmongStateTypes(scope.type_ids, rows->Int(1))) continue;
    totals.type_containers.insert({rows->Int(1), rows->Int(0)});
    add(*rows, &totals);
  }
  return totals;
}

// The window's states of one container and type in a row, in start order:
// each one's parent is the last state seen one level below it.
class ClippedStacks {
 public:
  ClippedStacks(const ProfileScope& scope, const TimeWindow& window, ProfileTotals* totals)
      : scope_(scope), window_(window), totals_(totals) {}

  void Add(const WindowState& state) {
    if (state.container_id != container_ || state.type_id != type_) StartGroup(state);
    double seconds = Clipped(window_, state.start_time, state.end_time);
    ProfileTimes& own = Times(state.value_id);
    own.count += 1;
    own.inclusive += seconds;
    own.exclusive += seconds;
    if (state.depth > 0 && static_cast<size_t>(state.depth) <= values_.size()) {
      Times(values_[state.depth - 1]).exclusive -= seconds;
    }
    values_.resize(state.depth + 1);
    values_[state.depth] = state.value_id;
  }

 private:
  void StartGroup(const WindowState& state) {
    container_ = state.container_id;
    type_ = state.type_id;
    values_.clear();
  }

  ProfileTimes& Times(int64_t value_id) {
    return totals_->times[KeyOf(scope_, container_, type_, value_id)];
  }

  const ProfileScope& scope_;
  TimeWindow window_;
  ProfileTotals* totals_;
  int64_t container_ = -1;
  int64_t type_ = -1;
  std::vector<int64_t> values_;  // by depth, the latest state's value
};

}  // namespace

ProfileTotals SummaryTotals(const SelectRows& select, const ProfileScope& scope) {
  return ReadSummary(select, scope, [&](const RowCursor& row, ProfileTotals* totals) {
    ProfileTimes& times = totals->times[KeyOf(scope, row.Int(0), row.Int(1), row.Int(2))];
    times.count += row.Int(3);
    times.inclusive += row.Double(4);
    times.exclusive += row.Double(5);
  });
}

ProfileTotals WindowTotals(SqlDialect dialect, const SelectRows& select, const ProfileScope& scope,
                           const TimeWindow& window) {
  ProfileTotals totals = ReadSummary(select, scope, [](const RowCursor&, ProfileTotals*) {});
  ClippedStacks stacks(scope, window, &totals);
  ReadWindowStates(dialect, select, {.window = window, .type_ids = scope.type_ids},
                   [&](const WindowState& state) { stacks.Add(state); });
  return totals;
}

}  // namespace tracedb

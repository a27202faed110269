#include "analysis/counter_totals.h"

#include <algorithm>
#include <memory>
#include <string>

#include "analysis/counter_integral.h"
#include "analysis/window_states.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

// One container's counters, by variable type.
using Integrals = std::map<int64_t, CounterIntegral>;

// "3, 7": every counter's types, each once.
std::string TypeList(const CounterScope& scope) {
  std::vector<int64_t> ids;
  for (const std::vector<int64_t>& of_name : scope.type_ids) {
    ids.insert(ids.end(), of_name.begin(), of_name.end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::string list;
  for (int64_t id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);
  return list;
}

std::string Literal(double value) { return "(" + FormatRealExact(value) + ")"; }

// From the summaries, which say where each variable type has rows and
// over what span.
std::vector<int64_t> SampledContainers(const SelectRows& select, const std::string& types,
                                       const TimeWindow& window) {
  std::unique_ptr<RowCursor> rows = select(
      "SELECT DISTINCT container_id FROM variable_summary WHERE trace_id = $1 AND type_id IN (" +
      types + ") AND start_time < " + Literal(window.to) + " AND end_time > " +
      Literal(window.from) + " ORDER BY container_id");
  std::vector<int64_t> containers;
  while (rows->Next()) containers.push_back(rows->Int(0));
  return containers;
}

// The container's samples that reach into the window, through the index
// variable_container_time.
Integrals ReadIntegrals(const SelectRows& select, int64_t container, const std::string& types,
                        const TimeWindow& window) {
  std::unique_ptr<RowCursor> rows = select(
      "SELECT type_id, start_time, end_time, value FROM variable WHERE trace_id = $1"
      " AND container_id = " +
      std::to_string(container) + " AND type_id IN (" + types + ") AND start_time < " +
      Literal(window.to) + " AND end_time > " + Literal(window.from) + " ORDER BY start_time");
  Integrals integrals;
  while (rows->Next()) {
    integrals[rows->Int(0)].Add(rows->Double(1), rows->Double(2), rows->Double(3));
  }
  return integrals;
}

// What the counter of `type_ids` counted within [from, to).
double Counted(const Integrals& integrals, const std::vector<int64_t>& type_ids, double from,
               double to) {
  double count = 0;
  for (int64_t id : type_ids) {
    auto found = integrals.find(id);
    if (found != integrals.end()) count += found->second.Count(from, to);
  }
  return count;
}

void AddState(const CounterScope& scope, const Integrals& integrals, const WindowState& state,
              CounterCounts* counts) {
  double from = std::max(state.start_time, scope.window.from);
  double to = std::min(state.end_time, scope.window.to);
  ProfileKey key{.container_id = scope.profile.per_container ? state.container_id : kAllContainers,
                 .type_id = state.type_id,
                 .value_id = state.value_id};
  std::vector<double>& row = (*counts)[key];  // a new row starts at 0
  row.resize(scope.type_ids.size());
  for (size_t i = 0; i < scope.type_ids.size(); ++i) {
    row[i] += Counted(integrals, scope.type_ids[i], from, to);
  }
}

}  // namespace

CounterCounts ReadCounterCounts(SqlDialect dialect, const SelectRows& select,
                                const CounterScope& scope) {
  std::string types = TypeList(scope);
  CounterCounts counts;
  for (int64_t container : SampledContainers(select, types, scope.window)) {
    Integrals integrals = ReadIntegrals(select, container, types, scope.window);
    if (integrals.empty()) continue;
    WindowQuery query{
        .window = scope.window, .type_ids = scope.profile.type_ids, .container_id = container};
    ReadWindowStates(dialect, select, query,
                     [&](const WindowState& state) { AddState(scope, integrals, state, &counts); });
  }
  return counts;
}

}  // namespace tracedb

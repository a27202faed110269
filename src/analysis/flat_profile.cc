#include "analysis/flat_profile.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/counter_totals.h"
#include "analysis/counter_types.h"
#include "analysis/profile_bars.h"
#include "analysis/profile_totals.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"

namespace tracedb {
namespace {

struct ProfileLine {
  const ContainerName* container = nullptr;  // null over all containers
  const TypeName* type = nullptr;
  const ValueName* value = nullptr;
  ProfileTimes times;
  double lifetime = 0;  // what share divides by
  double sort_key = 0;  // inclusive time, rounded
  const std::vector<double>* counts = nullptr;  // --counter's; null: nothing counted
};

double Lifetime(const ContainerName& container, const std::optional<TimeWindow>& window) {
  if (!window) return container.end_time - container.start_time;
  return Clipped(*window, container.start_time, container.end_time);
}

// Per type, the summed lifetimes of the containers that have its states.
std::map<int64_t, double> TypeLifetimes(const TraceNames& names, const ProfileTotals& totals,
                                        const std::optional<TimeWindow>& window) {
  std::map<int64_t, double> lifetimes;
  for (const auto& [type_id, container_id] : totals.type_containers) {
    lifetimes[type_id] += Lifetime(ContainerOf(names, container_id), window);
  }
  return lifetimes;
}

// Each line's counts from `counts` (when the profile has counters).
void AttachCounts(const CounterCounts& counts, const ProfileKey& key, ProfileLine* line) {
  auto found = counts.find(key);
  if (found != counts.end()) line->counts = &found->second;
}

std::vector<ProfileLine> Lines(const TraceNames& names, const ProfileTotals& totals,
                               const std::optional<TimeWindow>& window,
                               const CounterCounts& counts = {}) {
  std::map<int64_t, double> type_lifetimes = TypeLifetimes(names, totals, window);
  std::vector<ProfileLine> lines;
  for (const auto& [key, times] : totals.times) {
    ProfileLine line{.type = &TypeOf(names, key.type_id),
                     .value = &StateValueOf(names, key.value_id),
                     .times = times,
                     .lifetime = type_lifetimes[key.type_id]};
    if (key.container_id != kAllContainers) {
      line.container = &ContainerOf(names, key.container_id);
      line.lifetime = Lifetime(*line.container, window);
    }
    line.sort_key = SortKey(times.inclusive);
    AttachCounts(counts, key, &line);
    lines.push_back(line);
  }
  return lines;
}

// Largest inclusive time first; ties by path, type and value.
bool Before(const ProfileLine& a, const ProfileLine& b) {
  if (a.sort_key != b.sort_key) return a.sort_key > b.sort_key;
  auto names = [](const ProfileLine& line) {
    return std::tie(line.container ? line.container->path : line.type->name, line.type->name,
                    line.value->name);
  };
  return names(a) < names(b);
}

std::vector<Cell> Row(const ProfileLine& line, const CounterRequest& counters) {
  std::vector<Cell> row;
  // Not the 8 that growing one at a time ends at: 150,000 rows.
  row.reserve(7 + CounterCellCount(counters));
  if (line.container) row.push_back(TextCell(line.container->path));
  row.push_back(TextCell(line.type->name));
  row.push_back(TextCell(line.value->name));
  row.push_back(IntegerCell(line.times.count));
  row.push_back(RealCell(line.times.inclusive));
  row.push_back(RealCell(line.times.exclusive));
  row.push_back(line.lifetime > 0 ? RealCell(line.times.exclusive / line.lifetime) : NullCell());
  if (!counters.empty()) AppendCounterCells(counters, line.counts, line.times.inclusive, &row);
  return row;
}

std::vector<std::string> ProfileColumns(const TraceRecord& trace, bool per_container,
                                        const CounterRequest& counters = {}) {
  std::vector<std::string> columns = {
      "type", "value", "count", TimeColumn(trace, "inclusive"), TimeColumn(trace, "exclusive"),
      "share"};
  if (per_container) columns.insert(columns.begin(), "container_path");
  std::vector<std::string> counted = CounterColumnNames(counters);
  columns.insert(columns.end(), counted.begin(), counted.end());
  return columns;
}

// The first `limit` rows.
ResultTable Table(const TraceRecord& trace, std::vector<ProfileLine> lines, bool per_container,
                  size_t limit = std::numeric_limits<size_t>::max()) {
  std::sort(lines.begin(), lines.end(), Before);
  lines.resize(std::min(lines.size(), limit));
  ResultTable table{.columns = ProfileColumns(trace, per_container)};
  table.rows.reserve(lines.size());
  for (const ProfileLine& line : lines) table.rows.push_back(Row(line, {}));
  return table;
}

// The lines in order, and the names and counts they point into.
struct SortedLines {
  TraceNames names;
  CounterCounts counts;
  CounterRequest counters;
  std::vector<ProfileLine> lines;
};

// The counters' variable types (a DbError for a counter the trace lacks),
// counted within the window, else the trace's whole span.
CounterScope CountersOf(const TraceNames& names, const TraceRecord& trace,
                        const ProfileOptions& options, const ProfileScope& scope) {
  CounterScope counters{.profile = scope};
  if (options.counters.empty()) return counters;
  for (const std::string& name : options.counters.names) {
    counters.type_ids.push_back(CounterTypeIds(names, name, TraceLabel(trace)));
  }
  counters.window = options.window.value_or(
      TimeWindow{.from = trace.summary->start_time, .to = trace.summary->end_time});
  return counters;
}

// In one snapshot: the trace's names and the totals and counts `options`
// ask for, handed to use(names, totals, counts).
template <typename Use>
void ReadTotals(TraceReader& reader, const TraceRecord& trace, const ProfileOptions& options,
                Use use) {
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    ProfileScope scope{.per_container = options.by == ProfileBy::kContainer,
                       .type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
    CounterScope counters = CountersOf(names, trace, options, scope);
    ProfileTotals totals = options.window
                               ? WindowTotals(reader.dialect(), select, scope, *options.window)
                               : SummaryTotals(select, scope);
    CounterCounts counts;
    if (!options.counters.empty()) counts = ReadCounterCounts(reader.dialect(), select, counters);
    use(names, totals, std::move(counts));
  });
}

}  // namespace

RowSource FlatProfileRows(TraceReader& reader, const TraceRecord& trace,
                          const ProfileOptions& options) {
  auto sorted = std::make_shared<SortedLines>();
  sorted->counters = options.counters;
  ReadTotals(reader, trace, options,
             [&](TraceNames& names, const ProfileTotals& totals, CounterCounts counts) {
               // Their maps' nodes, which lines point to, stay put.
               sorted->names = std::move(names);
               sorted->counts = std::move(counts);
               sorted->lines = Lines(sorted->names, totals, options.window, sorted->counts);
               std::sort(sorted->lines.begin(), sorted->lines.end(), Before);
             });
  return {.columns = ProfileColumns(trace, options.by == ProfileBy::kContainer, options.counters),
          .size = sorted->lines.size(),
          .row = [sorted](size_t i) { return Row(sorted->lines[i], sorted->counters); }};
}

ResultTable FlatProfile(TraceReader& reader, const TraceRecord& trace,
                        const ProfileOptions& options) {
  return Materialized(FlatProfileRows(reader, trace, options));
}

DrawnProfile ReadDrawnProfile(TraceReader& reader, const TraceRecord& trace,
                              const std::optional<TimeWindow>& window,
                              const std::optional<std::string>& type, size_t rows) {
  DrawnProfile drawn{.bars = {.title = "Time per state value, all containers (pale: inclusive; "
                                       "solid: exclusive)",
                              .unit = TimeUnit(trace)}};
  ReadTotals(reader, trace, {.type = type, .window = window},
             [&](const TraceNames& names, const ProfileTotals& totals, const CounterCounts&) {
               drawn.values = totals.times.size();
               drawn.table = Table(trace, Lines(names, totals, window), false, rows);
               drawn.bars.bars = ProfileBarsOf(names, totals);
               drawn.bars.unlisted = drawn.values - drawn.bars.bars.size();
             });
  return drawn;
}

}  // namespace tracedb

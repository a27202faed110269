#include "analysis/flat_profile.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
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

std::vector<ProfileLine> Lines(const TraceNames& names, const ProfileTotals& totals,
                               const std::optional<TimeWindow>& window) {
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

std::vector<Cell> Row(const ProfileLine& line) {
  std::vector<Cell> row;
  row.reserve(7);  // not the 8 that growing one at a time ends at: 150,000 rows
  if (line.container) row.push_back(TextCell(line.container->path));
  row.push_back(TextCell(line.type->name));
  row.push_back(TextCell(line.value->name));
  row.push_back(IntegerCell(line.times.count));
  row.push_back(RealCell(line.times.inclusive));
  row.push_back(RealCell(line.times.exclusive));
  row.push_back(line.lifetime > 0 ? RealCell(line.times.exclusive / line.lifetime) : NullCell());
  return row;
}

std::vector<std::string> ProfileColumns(bool per_container) {
  std::vector<std::string> columns = {
      "type", "value", "count", "inclusive_seconds", "exclusive_seconds", "share"};
  if (per_container) columns.insert(columns.begin(), "container_path");
  return columns;
}

// The first `limit` rows.
ResultTable Table(std::vector<ProfileLine> lines, bool per_container,
                  size_t limit = std::numeric_limits<size_t>::max()) {
  std::sort(lines.begin(), lines.end(), Before);
  lines.resize(std::min(lines.size(), limit));
  ResultTable table{.columns = ProfileColumns(per_container)};
  table.rows.reserve(lines.size());
  for (const ProfileLine& line : lines) table.rows.push_back(Row(line));
  return table;
}

// The lines in order, and the names they point into.
struct SortedLines {
  TraceNames names;
  std::vector<ProfileLine> lines;
};

// In one snapshot: the trace's names and the totals `options` ask for,
// handed to use(names, totals).
template <typename Use>
void ReadTotals(TraceReader& reader, const TraceRecord& trace, const ProfileOptions& options,
                Use use) {
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    ProfileScope scope{.per_container = options.by == ProfileBy::kContainer,
                       .type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
    use(names, options.window ? WindowTotals(reader.dialect(), select, scope, *options.window)
                              : SummaryTotals(select, scope));
  });
}

}  // namespace

RowSource FlatProfileRows(TraceReader& reader, const TraceRecord& trace,
                          const ProfileOptions& options) {
  auto sorted = std::make_shared<SortedLines>();
  ReadTotals(reader, trace, options, [&](TraceNames& names, const ProfileTotals& totals) {
    sorted->names = std::move(names);  // its maps' nodes, which lines point to, stay put
    sorted->lines = Lines(sorted->names, totals, options.window);
    std::sort(sorted->lines.begin(), sorted->lines.end(), Before);
  });
  return {.columns = ProfileColumns(options.by == ProfileBy::kContainer),
          .size = sorted->lines.size(),
          .row = [sorted](size_t i) { return Row(sorted->lines[i]); }};
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
             [&](const TraceNames& names, const ProfileTotals& totals) {
               drawn.values = totals.times.size();
               drawn.table = Table(Lines(names, totals, window), false, rows);
               drawn.bars.bars = ProfileBarsOf(names, totals);
               drawn.bars.unlisted = drawn.values - drawn.bars.bars.size();
             });
  return drawn;
}

}  // namespace tracedb

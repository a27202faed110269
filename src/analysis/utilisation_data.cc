#include "analysis/utilisation_data.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"

namespace tracedb {
namespace {

// A stacked chart of more values shows none of them: 200,000 values took
// 55 s and 3.6 GB to draw.
constexpr size_t kShownSeries = 24;
constexpr char kOtherSeriesColor[] = "#888888";

struct ProfileCell {
  int64_t type_id;
  int64_t value_id;
  int64_t bin;
  double seconds;
};

// The bins' grid and the cells in the window.
struct Grid {
  double from = 0;
  double width = 0;
  int64_t first = -1;  // the first bin shown
  int64_t last = -1;
  std::vector<ProfileCell> cells;
};

// `type_ids`: only these state types; empty: all.
Grid ReadGrid(const SelectRows& select, const std::optional<TimeWindow>& window,
              const std::vector<int64_t>& type_ids) {
  Grid grid;
  std::unique_ptr<RowCursor> rows = select(
      "SELECT type_id, value_id, bin, bin_start, bin_end, seconds FROM state_profile "
      "WHERE trace_id = $1");
  while (rows->Next()) {
    double start = rows->Double(3), end = rows->Double(4);
    if (window && !(start < window->to && end > window->from)) continue;
    if (!AmongStateTypes(type_ids, rows->Int(0))) continue;
    int64_t bin = rows->Int(2);
    grid.width = end - start;
    grid.from = start - bin * grid.width;
    grid.first = grid.first < 0 ? bin : std::min(grid.first, bin);
    grid.last = std::max(grid.last, bin);
    grid.cells.push_back({rows->Int(0), rows->Int(1), bin, rows->Double(5)});
  }
  return grid;
}

using SeriesKey = std::tuple<std::string, std::string, int64_t>;  // type, value names, value id

SeriesKey KeyOf(const TraceNames& names, const ProfileCell& cell) {
  return {TypeOf(names, cell.type_id).name, StateValueOf(names, cell.value_id).name, cell.value_id};
}

// The kShownSeries - 1 values with the most time, when there are more than
// kShownSeries: the rest share one series.
std::set<SeriesKey> Busiest(const TraceNames& names, const Grid& grid) {
  std::map<SeriesKey, double> seconds;
  for (const ProfileCell& cell : grid.cells) seconds[KeyOf(names, cell)] += cell.seconds;
  std::set<SeriesKey> busiest;
  if (seconds.size() <= kShownSeries) {
    for (const auto& [key, total] : seconds) busiest.insert(key);
    return busiest;
  }
  std::vector<std::pair<double, SeriesKey>> ranked;
  for (const auto& [key, total] : seconds) ranked.emplace_back(-SortKey(total), key);
  std::sort(ranked.begin(), ranked.end());
  for (size_t i = 0; i + 1 < kShownSeries; ++i) busiest.insert(ranked[i].second);
  return busiest;
}

// One series per state type and value, in name order; past kShownSeries
// values, the least busy as one grey series on top.
Utilisation Series(const TraceNames& names, const Grid& grid, Utilisation chart) {
  std::set<SeriesKey> busiest = Busiest(names, grid);
  std::map<SeriesKey, std::vector<double>> series;
  std::vector<double> rest;
  std::set<int64_t> types, others;
  for (const ProfileCell& cell : grid.cells) types.insert(cell.type_id);
  for (const ProfileCell& cell : grid.cells) {
    SeriesKey key = KeyOf(names, cell);
    bool shown = busiest.count(key) > 0;
    if (!shown) others.insert(cell.value_id);
    std::vector<double>& average = shown ? series[key] : rest;
    average.resize(chart.bins, 0);
    average[cell.bin - grid.first] += cell.seconds / grid.width;
  }
  for (auto& [key, average] : series) {
    const auto& [type, value, id] = key;
    std::string name = types.size() > 1 ? type + ": " + value : value;
    chart.series.push_back({name, CssColor(StateValueOf(names, id).color, value), average});
  }
  if (!others.empty()) {
    chart.series.push_back(
        {std::to_string(others.size()) + " other values", kOtherSeriesColor, std::move(rest)});
  }
  return chart;
}

}  // namespace

Utilisation ReadUtilisation(Archive& archive, const TraceRecord& trace,
                            const std::optional<TimeWindow>& window,
                            const std::optional<std::string>& type) {
  Utilisation chart{.title = "Utilisation over time: containers in each state value",
                    .unit = TimeUnit(trace)};
  archive.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(archive.name(), select);
    Grid grid = ReadGrid(select, window, StateTypeIds(names, type, TraceLabel(trace)));
    if (grid.first < 0) return;
    chart.from = grid.from + grid.first * grid.width;
    chart.bin = grid.width;
    chart.bins = static_cast<size_t>(grid.last - grid.first + 1);
    chart = Series(names, grid, chart);
  });
  return chart;
}

}  // namespace tracedb

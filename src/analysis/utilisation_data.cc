#include "analysis/utilisation_data.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"

namespace tracedb {
namespace {

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

// One series per state type and value, in name order.
Utilisation Series(const TraceNames& names, const Grid& grid, Utilisation chart) {
  std::map<std::tuple<std::string, std::string, int64_t>, std::vector<double>> series;
  std::set<int64_t> types;
  for (const ProfileCell& cell : grid.cells) types.insert(cell.type_id);
  for (const ProfileCell& cell : grid.cells) {
    auto key = std::make_tuple(TypeOf(names, cell.type_id).name,
                               StateValueOf(names, cell.value_id).name, cell.value_id);
    std::vector<double>& average = series[key];
    average.resize(chart.bins, 0);
    average[cell.bin - grid.first] += cell.seconds / grid.width;
  }
  for (auto& [key, average] : series) {
    const auto& [type, value, id] = key;
    std::string name = types.size() > 1 ? type + ": " + value : value;
    chart.series.push_back({name, CssColor(StateValueOf(names, id).color, value), average});
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

#include "analysis/utilisation_data.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"
#include "db/trace_row_range.h"

namespace tracedb {
namespace {

// A stacked chart of more values shows none of them: 200,000 values took
// 55 s and 3.6 GB to draw.
constexpr size_t kShownSeries = 24;

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

// In rowid order on SQLite (db/trace_row_range.h): 1.8 million rows
// through state_profile_bin, in bin order, took 9 s, against 0.24 s.
std::string ProfileRowsSql(SqlDialect dialect, const SelectRows& select) {
  return "SELECT type_id, value_id, bin, bin_start, bin_end, seconds FROM state_profile WHERE " +
         TraceRowsWhere(dialect, select, "state_profile");
}

// `type_ids`: only these state types; empty: all.
Grid ReadGrid(SqlDialect dialect, const SelectRows& select, const std::optional<TimeWindow>& window,
              const std::vector<int64_t>& type_ids) {
  Grid grid;
  std::unique_ptr<RowCursor> rows = select(ProfileRowsSql(dialect, select));
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

// A value's type and name, then its id: the series' order. Cells are
// added up by value id (a value has one type) and named once: naming each
// of 14 million cells took 9 s.
using SeriesKey = std::tuple<std::string, std::string, int64_t>;

SeriesKey KeyOf(const TraceNames& names, const ProfileCell& cell) {
  return {TypeOf(names, cell.type_id).name, StateValueOf(names, cell.value_id).name, cell.value_id};
}

// The values shown, by name: every one up to kShownSeries, else the
// kShownSeries - 1 with the most time (the rest share one series).
std::set<SeriesKey> Busiest(const TraceNames& names, const Grid& grid) {
  std::map<int64_t, std::pair<double, const ProfileCell*>> seconds;  // by value id
  for (const ProfileCell& cell : grid.cells) {
    auto& [total, any] = seconds[cell.value_id];
    total += cell.seconds;
    any = &cell;
  }
  bool all = seconds.size() <= kShownSeries;
  std::vector<std::pair<double, SeriesKey>> ranked;
  for (const auto& [id, entry] : seconds) {
    ranked.emplace_back(all ? 0 : -SortKey(entry.first), KeyOf(names, *entry.second));
  }
  std::sort(ranked.begin(), ranked.end());
  ranked.resize(all ? ranked.size() : kShownSeries - 1);
  std::set<SeriesKey> busiest;
  for (auto& [order, key] : ranked) busiest.insert(std::move(key));
  return busiest;
}

// One series per state type and value, in name order; past kShownSeries
// values, the least busy as one grey series on top.
Utilisation Series(const TraceNames& names, const Grid& grid, Utilisation chart) {
  std::set<SeriesKey> busiest = Busiest(names, grid);
  std::map<int64_t, std::vector<double>> shown;  // by value id
  for (const SeriesKey& key : busiest) shown[std::get<2>(key)].assign(chart.bins, 0);
  std::vector<double> rest(chart.bins, 0);
  std::set<int64_t> types, others;
  for (const ProfileCell& cell : grid.cells) {
    types.insert(cell.type_id);
    auto found = shown.find(cell.value_id);
    if (found == shown.end()) others.insert(cell.value_id);
    std::vector<double>& average = found != shown.end() ? found->second : rest;
    average[cell.bin - grid.first] += cell.seconds / grid.width;
  }
  for (const auto& [type, value, id] : busiest) {
    std::string name = types.size() > 1 ? type + ": " + value : value;
    chart.series.push_back(
        {name, CssColor(StateValueOf(names, id).color, value), std::move(shown[id])});
  }
  if (!others.empty()) {
    chart.series.push_back(
        {std::to_string(others.size()) + " other values", kOtherValuesColor, std::move(rest)});
  }
  return chart;
}

}  // namespace

Utilisation ReadUtilisation(TraceReader& reader, const TraceRecord& trace,
                            const std::optional<TimeWindow>& window,
                            const std::optional<std::string>& type) {
  Utilisation chart{.title = "Utilisation over time: containers in each state value",
                    .unit = TimeUnit(trace)};
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    Grid grid =
        ReadGrid(reader.dialect(), select, window, StateTypeIds(names, type, TraceLabel(trace)));
    if (grid.first < 0) return;
    chart.from = grid.from + grid.first * grid.width;
    chart.bin = grid.width;
    chart.bins = static_cast<size_t>(grid.last - grid.first + 1);
    chart = Series(names, grid, chart);
  });
  return chart;
}

}  // namespace tracedb

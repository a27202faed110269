#include "analysis/variable_lines.h"

#include <algorithm>
#include <map>
#include <set>

#include "analysis/analysed_trace.h"
#include "analysis/column_grid.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

// Per column: the value times the time it holds, and that time.
struct Column {
  double weighted = 0;
  double seconds = 0;
};

std::vector<std::optional<double>> Points(const SelectRows& select, int64_t container, int64_t type,
                                          const TimeWindow& window, int count) {
  std::vector<Column> columns(count);
  ColumnGrid grid{window, static_cast<size_t>(count)};
  std::unique_ptr<RowCursor> rows = select(
      "SELECT start_time, end_time, value FROM variable WHERE trace_id = $1 AND container_id = " +
      std::to_string(container) + " AND type_id = " + std::to_string(type) +
      " AND start_time <= " + FormatRealExact(window.to) +
      " AND end_time >= " + FormatRealExact(window.from) + " ORDER BY start_time");
  while (rows->Next()) {
    double value = rows->Double(2);
    grid.Spread(rows->Double(0), rows->Double(1), [&](size_t column, double seconds) {
      columns[column].weighted += value * seconds;
      columns[column].seconds += seconds;
    });
  }
  std::vector<std::optional<double>> points(count);
  for (int i = 0; i < count; ++i) {
    if (columns[i].seconds > 0) points[i] = columns[i].weighted / columns[i].seconds;
  }
  return points;
}

// Variable type -> its containers, from the summaries.
std::map<int64_t, std::set<int64_t>> VariableContainers(const SelectRows& select) {
  std::map<int64_t, std::set<int64_t>> containers;
  std::unique_ptr<RowCursor> rows =
      select("SELECT type_id, container_id FROM variable_summary WHERE trace_id = $1");
  while (rows->Next()) containers[rows->Int(0)].insert(rows->Int(1));
  return containers;
}

LineChart Chart(const SelectRows& select, const TraceNames& names, int64_t type,
                const std::set<int64_t>& containers, const TimeWindow& window, int columns) {
  LineChart chart{
      .title = TypeOf(names, type).name, .from = window.from, .to = window.to, .columns = columns};
  for (int64_t id : HierarchyOrder(names)) {
    if (containers.count(id) == 0) continue;
    if (chart.lines.size() == kMaxLines) {
      chart.title += " (the first " + std::to_string(kMaxLines) + " of " +
                     std::to_string(containers.size()) + " containers)";
      break;
    }
    const std::string& path = ContainerOf(names, id).path;
    chart.lines.push_back(
        {path, PaletteColor(chart.lines.size()), Points(select, id, type, window, columns)});
  }
  return chart;
}

}  // namespace

VariableLines ReadVariableLines(TraceReader& reader, const TraceRecord& trace,
                                const std::optional<TimeWindow>& window, int columns) {
  TimeWindow shown =
      window.value_or(TimeWindow{trace.summary->start_time, trace.summary->end_time});
  VariableLines lines;
  if (!(shown.to > shown.from)) return lines;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    std::map<int64_t, std::set<int64_t>> containers = VariableContainers(select);
    lines.types = containers.size();
    std::vector<std::pair<std::string, int64_t>> types;
    for (const auto& [type, ids] : containers) types.push_back({TypeOf(names, type).name, type});
    std::sort(types.begin(), types.end());
    for (size_t i = 0; i < types.size() && i < kMaxVariableCharts; ++i) {
      int64_t type = types[i].second;
      LineChart chart = Chart(select, names, type, containers[type], shown, columns);
      chart.unit = TimeUnit(trace);
      lines.charts.push_back(std::move(chart));
    }
  });
  return lines;
}

}  // namespace tracedb

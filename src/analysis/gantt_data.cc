#include "analysis/gantt_data.h"

#include <algorithm>
#include <map>
#include <set>

#include "analysis/analysed_trace.h"
#include "analysis/gantt_columns.h"
#include "analysis/profile_totals.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"

namespace tracedb {
namespace {

using RowKey = std::pair<int64_t, int64_t>;  // container, type

// Container ids depth first from the root, children by id.
std::vector<int64_t> HierarchyOrder(const TraceNames& names) {
  std::map<int64_t, std::vector<int64_t>> children;
  std::vector<int64_t> roots;
  for (const auto& [id, container] : names.containers) {
    if (container.parent_id) {
      children[*container.parent_id].push_back(id);
    } else {
      roots.push_back(id);
    }
  }
  std::vector<int64_t> order, stack(roots.rbegin(), roots.rend());
  std::sort(stack.rbegin(), stack.rend());
  while (!stack.empty()) {
    int64_t id = stack.back();
    stack.pop_back();
    order.push_back(id);
    std::vector<int64_t>& kids = children[id];
    std::sort(kids.rbegin(), kids.rend());
    stack.insert(stack.end(), kids.begin(), kids.end());
  }
  return order;
}

// The chart's rows and values, before any state is read.
struct Frame {
  GanttChart chart;
  std::map<RowKey, size_t> rows;  // -> index in chart.rows
  std::map<int64_t, int> values;  // value id -> index in chart.values
};

void AddValues(const TraceNames& names, const ProfileTotals& totals, Frame* frame) {
  std::set<std::pair<std::string, int64_t>> used;  // by name
  for (const auto& [key, times] : totals.times) {
    used.insert({StateValueOf(names, key.value_id).name, key.value_id});
  }
  for (const auto& [name, id] : used) {
    frame->values[id] = static_cast<int>(frame->chart.values.size());
    frame->chart.values.push_back({name, CssColor(StateValueOf(names, id).color, name)});
  }
}

void AddRows(const TraceNames& names, const ProfileTotals& totals, Frame* frame) {
  std::map<int64_t, std::vector<int64_t>> types;  // per container
  for (const auto& [type, container] : totals.type_containers) types[container].push_back(type);
  for (int64_t id : HierarchyOrder(names)) {
    auto found = types.find(id);
    if (found == types.end()) continue;
    for (int64_t type : found->second) {
      std::string label = ContainerOf(names, id).path;
      if (found->second.size() > 1) label += " (" + TypeOf(names, type).name + ")";
      frame->rows[{id, type}] = frame->chart.rows.size();
      frame->chart.rows.push_back({.label = label});
    }
  }
}

// Exact bars until there are too many; then every row as columns.
class RowFiller {
 public:
  RowFiller(Frame* frame, TimeWindow window, const GanttOptions& options)
      : frame_(frame), columns_(window, options.columns), limit_(options.exact_states) {}

  void Add(const WindowState& state) {
    RowKey key{state.container_id, state.type_id};
    if (key != current_) Switch(key);
    if (row_ == nullptr) return;
    int value = frame_->values.at(state.value_id);
    if (aggregated_) {
      columns_.Add(state.start_time, state.end_time, static_cast<int>(state.depth), value);
      return;
    }
    row_->bars.push_back({state.start_time, state.end_time, value, static_cast<int>(state.depth)});
    if (++bars_ > limit_) Aggregate();
  }

  void Finish() {
    if (aggregated_ && row_ != nullptr) row_->columns = columns_.Finish();
    frame_->chart.aggregated = aggregated_;
  }

 private:
  void Switch(const RowKey& key) {
    if (aggregated_ && row_ != nullptr) row_->columns = columns_.Finish();
    current_ = key;
    auto found = frame_->rows.find(key);
    row_ = found == frame_->rows.end() ? nullptr : &frame_->chart.rows[found->second];
  }

  // The rows so far become columns, the current one last: it goes on
  // as columns.
  void Aggregate() {
    aggregated_ = true;
    for (GanttRow& row : frame_->chart.rows) {
      if (&row != row_ && !row.bars.empty()) row.columns = Replayed(&row);
    }
    Replayed(row_);
  }

  std::vector<uint16_t> Replayed(GanttRow* row) {
    for (const GanttBar& bar : row->bars) columns_.Add(bar.start, bar.end, bar.depth, bar.value);
    std::vector<GanttBar>().swap(row->bars);
    return row == row_ ? std::vector<uint16_t>{} : columns_.Finish();
  }

  Frame* frame_;
  GanttColumns columns_;
  size_t limit_;
  size_t bars_ = 0;
  bool aggregated_ = false;
  RowKey current_{-1, -1};
  GanttRow* row_ = nullptr;
};

// Every state of the trace in container order (the whole span needs no
// window search).
void ReadAllStates(const SelectRows& select, const std::vector<int64_t>& type_ids,
                   const std::function<void(const WindowState&)>& visit) {
  std::string types;
  for (int64_t id : type_ids)
    types += (types.empty() ? " AND type_id IN (" : ", ") + std::to_string(id);
  if (!types.empty()) types += ")";
  std::unique_ptr<RowCursor> rows = select(
      "SELECT container_id, type_id, value_id, start_time, end_time, depth FROM state "
      "WHERE trace_id = $1" +
      types + " ORDER BY container_id, type_id, start_time, depth, end_time");
  while (rows->Next()) {
    visit(
        {rows->Int(0), rows->Int(1), rows->Int(2), rows->Double(3), rows->Double(4), rows->Int(5)});
  }
}

}  // namespace

GanttChart ReadGantt(Archive& archive, const TraceRecord& trace, const GanttOptions& options) {
  TimeWindow span{trace.summary->start_time, trace.summary->end_time};
  TimeWindow window = options.window.value_or(span);
  Frame frame;
  frame.chart = {.title = TraceLabel(trace),
                 .from = window.from,
                 .to = window.to,
                 .unit = trace.info.format == "paraver" ? "s" : "",
                 .width = options.columns};
  archive.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(archive.name(), select);
    ProfileScope scope{.type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
    ProfileTotals totals = SummaryTotals(select, scope);
    AddValues(names, totals, &frame);
    AddRows(names, totals, &frame);
    RowFiller filler(&frame, window, options);
    auto visit = [&](const WindowState& state) { filler.Add(state); };
    if (options.window) {
      ReadWindowStates(archive.dialect(), select, {.window = window, .type_ids = scope.type_ids},
                       visit);
    } else {
      ReadAllStates(select, scope.type_ids, visit);
    }
    filler.Finish();
  });
  return frame.chart;
}

}  // namespace tracedb

#include "analysis/gantt_data.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <tuple>

#include "analysis/analysed_trace.h"
#include "analysis/gantt_columns.h"
#include "analysis/profile_totals.h"
#include "analysis/sort_key.h"
#include "analysis/state_types.h"
#include "analysis/trace_names.h"
#include "chart/colors.h"
#include "chart/gantt_cells.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

using RowKey = std::pair<int64_t, int64_t>;  // container, type

// The chart's rows and values, before any state is read.
struct Frame {
  GanttChart chart;
  std::map<RowKey, size_t> rows;  // -> index in chart.rows
  std::map<int64_t, int> values;  // value id -> index in chart.values
};

// Busiest first (inclusive time over all containers, then name): the
// picture's palette and the legend keep the first values when a trace has
// more than they hold (chart/gantt.h).
void AddValues(const TraceNames& names, const ProfileTotals& totals, Frame* frame) {
  std::map<int64_t, double> seconds;  // per value
  for (const auto& [key, times] : totals.times) seconds[key.value_id] += times.inclusive;
  std::vector<std::tuple<double, std::string, int64_t>> ranked;
  ranked.reserve(seconds.size());
  for (const auto& [id, total] : seconds) {
    ranked.emplace_back(-SortKey(total), StateValueOf(names, id).name, id);
  }
  std::sort(ranked.begin(), ranked.end());
  for (const auto& [key, name, id] : ranked) {
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

// Exact bars until there are too many; then every row as columns. The
// states come container by container; within one, the types may take
// turns (each type's states in order), so each type of the container in
// hand has a lane of its own.
class RowFiller {
 public:
  // `aggregated`: columns from the first state (the caller knows there
  // are too many), so that fillers of distinct containers may run at once.
  RowFiller(Frame* frame, TimeWindow window, const GanttOptions& options, bool aggregated)
      : frame_(frame),
        window_(window),
        width_(options.columns),
        limit_(options.exact_states),
        aggregated_(aggregated) {}

  void Add(const WindowState& state) {
    if (state.container_id != container_) NextContainer(state.container_id);
    Lane* lane = LaneOf(state.type_id);
    if (lane == nullptr) return;
    GanttBar bar{state.start_time, state.end_time, frame_->values.at(state.value_id),
                 static_cast<int>(state.depth)};
    if (aggregated_) {
      lane->columns->Add(bar.start, bar.end, bar.depth, bar.value);
      return;
    }
    lane->row->bars.push_back(bar);
    if (++bars_ > limit_) Aggregate();
  }

  // Whether the rows became columns.
  bool Finish() {
    NextContainer(-1);
    return aggregated_;
  }

 private:
  struct Lane {
    GanttRow* row = nullptr;
    std::unique_ptr<GanttColumns> columns;  // once aggregated
  };

  void NextContainer(int64_t id) {
    for (auto& [type, lane] : lanes_) {
      if (lane.columns) lane.row->runs = RunsOf(lane.columns->Finish());
    }
    lanes_.clear();
    container_ = id;
  }

  Lane* LaneOf(int64_t type) {
    auto [at, added] = lanes_.try_emplace(type);
    if (added) {
      auto row = frame_->rows.find({container_, type});
      if (row != frame_->rows.end()) at->second.row = &frame_->chart.rows[row->second];
      if (aggregated_) at->second.columns = NewColumns();
    }
    return at->second.row == nullptr ? nullptr : &at->second;
  }

  std::unique_ptr<GanttColumns> NewColumns() const {
    return std::make_unique<GanttColumns>(window_, width_);
  }

  // The rows done become columns; the lanes in hand go on as columns.
  void Aggregate() {
    aggregated_ = true;
    std::unique_ptr<GanttColumns> done = NewColumns();
    for (GanttRow& row : frame_->chart.rows) {
      if (row.bars.empty() || InHand(&row)) continue;
      Replay(&row, done.get());
      row.runs = RunsOf(done->Finish());
    }
    for (auto& [type, lane] : lanes_) {
      if (lane.row == nullptr) continue;
      lane.columns = NewColumns();
      Replay(lane.row, lane.columns.get());
    }
  }

  bool InHand(const GanttRow* row) const {
    return std::any_of(lanes_.begin(), lanes_.end(),
                       [&](const auto& lane) { return lane.second.row == row; });
  }

  static void Replay(GanttRow* row, GanttColumns* columns) {
    for (const GanttBar& bar : row->bars) columns->Add(bar.start, bar.end, bar.depth, bar.value);
    std::vector<GanttBar>().swap(row->bars);
  }

  Frame* frame_;
  TimeWindow window_;
  int width_;
  size_t limit_;
  bool aggregated_;
  size_t bars_ = 0;
  int64_t container_ = -1;
  std::map<int64_t, Lane> lanes_;  // the container in hand's types
};

// States of one container that start at the same time, parents (lower
// depth) first: the index gives them in the order they were written, which
// is the order they ended, the pushed ones first.
void VisitBatch(std::vector<WindowState>* batch,
                const std::function<void(const WindowState&)>& visit) {
  std::sort(batch->begin(), batch->end(), [](const WindowState& a, const WindowState& b) {
    return std::tie(a.type_id, a.depth, a.end_time) < std::tie(b.type_id, b.depth, b.end_time);
  });
  for (const WindowState& state : *batch) visit(state);
  batch->clear();
}

// Containers [first, last] of a trace, by id.
struct ContainerRange {
  int64_t first = 0;
  int64_t last = 0;
};

// Every state of a range of containers in container order, as the index on
// (container_id, start_time) gives them: no sort of the whole trace.
void ReadAllStates(const StreamRows& stream, const std::vector<int64_t>& type_ids,
                   ContainerRange range, const std::function<void(const WindowState&)>& visit) {
  std::string types;
  for (int64_t id : type_ids) {
    types += (types.empty() ? " AND type_id IN (" : ", ") + std::to_string(id);
  }
  if (!types.empty()) types += ")";
  using enum ColumnKind;
  std::unique_ptr<RowCursor> rows = stream(
      "SELECT container_id, type_id, value_id, start_time, end_time, depth FROM state "
      "WHERE trace_id = $1 AND container_id BETWEEN " +
          std::to_string(range.first) + " AND " + std::to_string(range.last) + types +
          " ORDER BY container_id, start_time",
      {kInteger, kInteger, kInteger, kReal, kReal, kInteger});
  std::vector<WindowState> batch;
  while (rows->Next()) {
    WindowState state{rows->Int(0),    rows->Int(1),    rows->Int(2),
                      rows->Double(3), rows->Double(4), rows->Int(5)};
    if (!batch.empty() && (state.container_id != batch.back().container_id ||
                           state.start_time != batch.back().start_time)) {
      VisitBatch(&batch, visit);
    }
    batch.push_back(state);
  }
  VisitBatch(&batch, visit);
}

// Connections that read a big trace's states at once: one per core, at
// most this many (PostgreSQL's readers are server processes too).
constexpr int kMaxReaders = 4;

int DefaultReaders() {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cores, 1, kMaxReaders);
}

// Links are drawn while at most this many are in view.
constexpr size_t kMaxArrows = 2000;
// A window's links are looked for in traces of at most this many links
// (a scan of the trace's links: no index serves a time window of links).
constexpr int64_t kMaxLinksScanned = 200'000;

// The first row of each container that has one.
std::map<int64_t, size_t> FirstRows(const Frame& frame) {
  std::map<int64_t, size_t> first;
  for (const auto& [key, index] : frame.rows) {
    auto [at, added] = first.try_emplace(key.first, index);
    if (!added) at->second = std::min(at->second, index);
  }
  return first;
}

std::string LinkSql(const TimeWindow& window) {
  return "SELECT l.start_container_id, l.end_container_id, l.start_time, l.end_time, t.name, "
         "v.name FROM link l JOIN type t ON t.trace_id = l.trace_id AND t.id = l.type_id "
         "JOIN value v ON v.trace_id = l.trace_id AND v.id = l.value_id "
         "WHERE l.trace_id = $1 AND l.start_time <= " +
         FormatRealExact(window.to) + " AND l.end_time >= " + FormatRealExact(window.from) +
         " ORDER BY l.start_time, l.end_time LIMIT " + std::to_string(kMaxArrows + 1);
}

// The arrows of the links in view, or a note that says why there are none.
void AddArrows(const SelectRows& select, const TraceRecord& trace, const TimeWindow& window,
               bool whole, Frame* frame) {
  int64_t links = trace.summary->link_count;
  std::string too_many = "The links are not drawn: more than " + std::to_string(kMaxArrows) +
                         " in view (" + std::to_string(links) +
                         " in the trace); the communication matrix sums them up.";
  if (links == 0) return;
  if (links > kMaxLinksScanned || (whole && links > static_cast<int64_t>(kMaxArrows))) {
    frame->chart.note = too_many;
    return;
  }
  std::map<int64_t, size_t> rows = FirstRows(*frame);
  std::unique_ptr<RowCursor> cursor = select(LinkSql(window));
  size_t seen = 0;
  while (cursor->Next()) {
    if (++seen > kMaxArrows) {
      frame->chart.arrows.clear();
      frame->chart.note = too_many;
      return;
    }
    auto from = rows.find(cursor->Int(0)), to = rows.find(cursor->Int(1));
    if (cursor->IsNull(0) || cursor->IsNull(1) || from == rows.end() || to == rows.end()) continue;
    frame->chart.arrows.push_back({cursor->Double(2), cursor->Double(3), from->second, to->second,
                                   cursor->Text(4) + ": " + cursor->Text(5)});
  }
}

// What the readers of a whole trace share: the frame, and each one's
// containers.
struct Plan {
  Frame frame;
  std::vector<int64_t> type_ids;
  std::vector<ContainerRange> shards;  // one per reader that has states to read
};

// Cuts the containers (by id) into `readers` ranges of about as many
// states: the index gives each range's states in a run of its own.
std::vector<ContainerRange> Shards(const ProfileTotals& totals, int readers) {
  std::map<int64_t, int64_t> counts;  // per container
  int64_t total = 0;
  for (const auto& [key, times] : totals.times) {
    counts[key.container_id] += times.count;
    total += times.count;
  }
  std::vector<ContainerRange> shards;
  int64_t seen = 0;
  for (const auto& [id, count] : counts) {
    if (shards.empty() || (seen >= total * static_cast<int64_t>(shards.size()) / readers &&
                           static_cast<int>(shards.size()) < readers)) {
      shards.push_back({id, id});
    }
    shards.back().last = id;
    seen += count;
  }
  return shards;
}

Frame NewFrame(const TraceRecord& trace, TimeWindow window, const GanttOptions& options) {
  Frame frame;
  frame.chart = {.title = TraceLabel(trace),
                 .from = window.from,
                 .to = window.to,
                 .unit = TimeUnit(trace),
                 .width = options.columns};
  return frame;
}

// The frame, the arrows, and how the states are to be read.
Plan MakePlan(TraceReader& reader, const TraceRecord& trace, const GanttOptions& options,
              const SelectRows& select, TimeWindow span, int readers) {
  Plan plan{.frame = NewFrame(trace, span, options)};
  TraceNames names = ReadTraceNames(reader.name(), select);
  ProfileScope scope{.per_container = true,
                     .type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
  ProfileTotals totals = SummaryTotals(select, scope);
  AddValues(names, totals, &plan.frame);
  AddRows(names, totals, &plan.frame);
  AddArrows(select, trace, span, true, &plan.frame);
  plan.type_ids = scope.type_ids;
  int64_t states = 0;
  for (const auto& [key, times] : totals.times) states += times.count;
  // The summaries count the states the readers will meet: the fillers'
  // own count would come to the same.
  plan.frame.chart.aggregated = states > static_cast<int64_t>(options.exact_states);
  plan.shards = Shards(totals, plan.frame.chart.aggregated ? readers : 1);
  return plan;
}

// A whole trace: the plan in one snapshot, then the states by as many
// readers as there are shards, each in a snapshot of its own (the trace's
// rows never change, and its id is never reused: a delete meanwhile makes
// the readers refuse it). No reader waits for another.
GanttChart ReadWholeGantt(TraceReader& reader, const TraceRecord& trace,
                          const GanttOptions& options) {
  int readers = options.readers > 0 ? std::min(options.readers, kMaxReaders) : DefaultReaders();
  TimeWindow span{trace.summary->start_time, trace.summary->end_time};
  Plan plan;
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    plan = MakePlan(reader, trace, options, select, span, readers);
  });
  if (plan.shards.empty()) return std::move(plan.frame.chart);
  auto read = [&](int reader, const SelectRows&, const StreamRows& stream) {
    RowFiller filler(&plan.frame, span, options, plan.frame.chart.aggregated);
    ReadAllStates(stream, plan.type_ids, plan.shards[reader],
                  [&](const WindowState& state) { filler.Add(state); });
    filler.Finish();
  };
  reader.ReadCompleteTogether(trace.id, static_cast<int>(plan.shards.size()), read);
  return std::move(plan.frame.chart);
}

}  // namespace

GanttChart ReadGantt(TraceReader& reader, const TraceRecord& trace, const GanttOptions& options) {
  if (!options.window) return ReadWholeGantt(reader, trace, options);
  TimeWindow window = *options.window;
  Frame frame = NewFrame(trace, window, options);
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    TraceNames names = ReadTraceNames(reader.name(), select);
    ProfileScope scope{.type_ids = StateTypeIds(names, options.type, TraceLabel(trace))};
    ProfileTotals totals = SummaryTotals(select, scope);
    AddValues(names, totals, &frame);
    AddRows(names, totals, &frame);
    AddArrows(select, trace, window, false, &frame);
    RowFiller filler(&frame, window, options, false);
    for (GanttValue& value : frame.chart.values) value.in_view = false;
    ReadWindowStates(reader.dialect(), select, {.window = window, .type_ids = scope.type_ids},
                     [&](const WindowState& state) {
                       frame.chart.values[frame.values.at(state.value_id)].in_view = true;
                       filler.Add(state);
                     });
    frame.chart.aggregated = filler.Finish();
  });
  return frame.chart;
}

}  // namespace tracedb

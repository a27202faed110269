#include "format/paraver/trace_mapper.h"

#include <algorithm>
#include <utility>

#include "format/paraver/labelled_type.h"
#include "model/input_error.h"

namespace tracedb::paraver {
namespace {

// Named by its .pcf label, with the number as alias (the identifier stays
// unique when labels repeat); without a label, by the number alone.
ValueInfo LabelledValue(std::string number, const std::string* label, uint32_t type) {
  if (label == nullptr) return ValueInfo{.name = std::move(number), .type = type};
  return ValueInfo{.name = *label, .alias = std::move(number), .type = type};
}

// Every Paraver field is a number, stored as a JSON number.
ExtraField Number(const char* name, std::string text) {
  return {.name = name, .value = std::move(text), .type = FieldType::kNumber};
}

template <typename Map, typename Key>
const std::string* Find(const Map& map, const Key& key) {
  auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

}  // namespace

std::optional<int64_t> AsInt64(const EventValue& value) {
  constexpr uint64_t kMaxPositive = uint64_t{INT64_MAX};
  if (!value.negative) {
    if (value.magnitude > kMaxPositive) return std::nullopt;
    return static_cast<int64_t>(value.magnitude);
  }
  if (value.magnitude > kMaxPositive + 1) return std::nullopt;
  return static_cast<int64_t>(0 - value.magnitude);  // -2^63 included
}

std::string ToText(const EventValue& value) {
  std::string text = std::to_string(value.magnitude);
  return value.negative ? "-" + text : text;
}

TraceMapper::TraceMapper(const ParaverHeader& header, const PcfLabels& pcf, const RowNames& names,
                         const ReadOptions& options, size_t recent_values, Registry* registry,
                         EntitySink* sink)
    : header_(header),
      pcf_(pcf),
      names_(names),
      options_(options),
      registry_(registry),
      sink_(sink),
      recent_values_(std::min(recent_values, kNumberedValueWindow / 2)),
      end_ticks_(header.end_time) {
  line_ = 1;
  registry_->KeepNumberedValues(kNumberedValueWindow);
  CheckTime(header.end_time);
  DeclareTypes();
  DeclareContainers();
  intervals_.emplace(pcf_, thread_type_, options_.simulator.keep_extras, registry_, sink_,
                     &call_paths_);
  counters_.emplace(pcf_, thread_type_, header_.seconds_per_tick, header_.tick_decimals, registry_,
                    sink_);
}

void TraceMapper::DeclareTypes() {
  auto container_type = [&](const char* name, int64_t parent) {
    return registry_->AddType({.name = name, .kind = TypeKind::kContainer, .parent = parent});
  };
  application_type_ = container_type("Application", kRoot);
  task_type_ = container_type("Task", application_type_);
  thread_type_ = container_type("Thread", task_type_);
  state_type_ =
      registry_->AddType({.name = "State", .kind = TypeKind::kState, .parent = thread_type_});
  link_type_ = registry_->AddType({.name = "Communication",
                                   .kind = TypeKind::kLink,
                                   .parent = kRoot,
                                   .start_type = thread_type_,
                                   .end_type = thread_type_});
}

uint32_t TraceMapper::AddContainer(std::string default_name, std::string_view label, uint32_t type,
                                   uint32_t parent) {
  ContainerInfo info{.type = type, .parent = parent, .start = 0};
  if (label.empty() || label == default_name) {
    info.name = std::move(default_name);
  } else {
    info.name = std::string(label);
    info.alias = std::move(default_name);
  }
  return registry_->AddContainer(std::move(info));
}

void TraceMapper::DeclareContainers() {
  size_t task_index = 0;
  for (size_t a = 0; a < header_.applications.size(); ++a) {
    std::string appl = std::to_string(a + 1);
    uint32_t application =
        AddContainer("APPL " + appl, names_.Label("APPL", a), application_type_, kRoot);
    const auto& tasks = header_.applications[a];
    for (size_t t = 0; t < tasks.size(); ++t, ++task_index) {
      std::string task_number = appl + "." + std::to_string(t + 1);
      uint32_t task = AddContainer("TASK " + task_number, names_.Label("TASK", task_index),
                                   task_type_, application);
      for (uint32_t h = 1; h <= tasks[t].threads; ++h) {
        thread_containers_.push_back(AddContainer("THREAD " + task_number + "." + std::to_string(h),
                                                  names_.Label("THREAD", thread_containers_.size()),
                                                  thread_type_, task));
      }
    }
  }
  if (header_.cpus_per_node.empty()) return;
  uint32_t node_type =
      registry_->AddType({.name = "Node", .kind = TypeKind::kContainer, .parent = kRoot});
  uint32_t cpu_type =
      registry_->AddType({.name = "CPU", .kind = TypeKind::kContainer, .parent = node_type});
  size_t cpu = 0;
  for (size_t n = 0; n < header_.cpus_per_node.size(); ++n) {
    uint32_t node =
        AddContainer("NODE " + std::to_string(n + 1), names_.Label("NODE", n), node_type, kRoot);
    for (uint32_t i = 0; i < header_.cpus_per_node[n]; ++i, ++cpu) {
      AddContainer("CPU " + std::to_string(cpu + 1), names_.Label("CPU", cpu), cpu_type, node);
    }
  }
}

void TraceMapper::CheckTime(int64_t ticks) const {
  if (options_.exact_seconds && (ticks > kMaxExactTicks || ticks < -kMaxExactTicks)) {
    throw ProblemError(line_, "time " + std::to_string(ticks) +
                                  " is too large to store exactly in seconds (the limit is 2^51 - "
                                  "1 ticks)");
  }
}

void TraceMapper::CheckTimes(const Record& r, const ParsedRecords& block) const {
  CheckTime(r.time);
  if (r.kind == RecordKind::kState && r.end != kOpenEnd) CheckTime(r.end);
  if (r.kind == RecordKind::kComm) {
    const CommDetail& c = block.comms[r.first];
    for (int64_t t : {c.logical_send, c.logical_recv, r.end}) CheckTime(t);
  }
}

void TraceMapper::See(int64_t ticks) { end_ticks_ = std::max(end_ticks_, ticks); }

void TraceMapper::Apply(const ParsedRecords& block, const Record& r, uint64_t line) {
  line_ = line;
  CheckTimes(r, block);
  ++records_;
  switch (r.kind) {
    case RecordKind::kState:
      State(r);
      break;
    case RecordKind::kEvent:
      Events(r, block);
      break;
    case RecordKind::kComm:
      Link(r, block.comms[r.first]);
      break;
  }
}

Extras TraceMapper::CpuField(uint32_t cpu) const {
  if (!options_.simulator.keep_extras) return {};
  return Extras{Number("cpu", std::to_string(cpu))};
}

void TraceMapper::State(const Record& r) {
  See(r.time);
  uint32_t container = thread_containers_[r.thread];
  uint32_t value = StateValue(r.value);
  if (r.end == kOpenEnd) {
    open_states_.push_back({container, value, r.time, r.cpu});
    return;
  }
  See(r.end);
  sink_->OnState({.container = container,
                  .type = state_type_,
                  .value = value,
                  .start = Seconds(r.time),
                  .end = Seconds(r.end),
                  .depth = 0,
                  .extras = CpuField(r.cpu),
                  .path = call_paths_.Enter(container, state_type_, kNoPath, value)});
}

void TraceMapper::Events(const Record& r, const ParsedRecords& block) {
  See(r.time);
  uint32_t container = thread_containers_[r.thread];
  EventRow row{.container = container, .time = Seconds(r.time), .extras = CpuField(r.cpu)};
  for (uint32_t i = r.first; i < r.first + r.count; ++i) {
    const EventPair& pair = block.pairs[i];
    if (intervals_->Marks(pair.type)) {
      intervals_->Apply(r.thread, container, pair.type, pair.value, row.time, r.cpu);
    } else if (CounterSamples::Counts(pair.type)) {
      counters_->Apply(r.thread, container, pair.type, pair.value, r.time);
    } else {
      row.type = EventType(pair.type);
      SetEventValue(row, pair.type, pair.value);
      sink_->OnEvent(row);
    }
  }
}

void TraceMapper::Link(const Record& r, const CommDetail& c) {
  for (int64_t t : {c.logical_send, r.time, c.logical_recv, r.end}) See(t);
  LinkRow row{.container = kRoot,
              .type = link_type_,
              .value = TagValue(r.value),
              .start = Seconds(r.time),
              .end = Seconds(r.end),
              .start_container = thread_containers_[r.thread],
              .end_container = thread_containers_[c.recv_thread],
              .key = std::to_string(++links_),
              .size = c.size,
              .tag = r.value};
  if (options_.simulator.keep_extras) {
    row.extras = {Number("lsend", ExactSeconds(c.logical_send)),
                  Number("lrecv", ExactSeconds(c.logical_recv)),
                  Number("size", std::to_string(c.size)), Number("send_cpu", std::to_string(r.cpu)),
                  Number("recv_cpu", std::to_string(c.recv_cpu))};
  }
  sink_->OnLink(row);
}

void TraceMapper::Finish() {
  double end = Seconds(end_ticks_);
  for (const OpenState& s : open_states_) {
    sink_->OnState({.container = s.container,
                    .type = state_type_,
                    .value = s.value,
                    .start = Seconds(s.begin),
                    .end = end,
                    .depth = 0,
                    .extras = CpuField(s.cpu),
                    .path = call_paths_.Enter(s.container, state_type_, kNoPath, s.value)});
  }
  open_states_.clear();
  intervals_->Finish(end);
  for (uint32_t id = 0; id < registry_->container_count(); ++id) {
    sink_->OnContainer({.id = id, .start = 0, .end = end});
  }
}

uint32_t TraceMapper::StateValue(int64_t state) {
  auto key = static_cast<uint64_t>(state);
  if (auto id = state_values_.Find(key, 0)) return *id;
  ValueInfo info = LabelledValue(std::to_string(state), Find(pcf_.states, state), state_type_);
  if (const std::string* color = Find(pcf_.state_colors, state)) info.color = *color;
  uint32_t id = registry_->AddValue(std::move(info));
  state_values_.Insert(key, 0, id);
  return id;
}

uint32_t TraceMapper::EventType(int64_t type) {
  auto key = static_cast<uint64_t>(type);
  if (auto id = event_types_.Find(key, 0)) return *id;
  TypeInfo info = LabelledType(pcf_, type, TypeKind::kEvent, thread_type_);
  uint32_t id = registry_->AddType(std::move(info));
  event_types_.Insert(key, 0, id);
  return id;
}

// A value the .pcf labels is a value row; any other is the event's number,
// but for one beyond 64-bit integers (a counter that wraps at 2^64), which
// stays a value row named by its number: exact in both databases.
void TraceMapper::SetEventValue(EventRow& row, int64_t paraver_type, EventValue value) {
  row.number = 0;
  if (auto id = LabelledValueId(row.type, paraver_type, value)) {
    row.value = *id;
  } else if (auto number = AsInt64(value)) {
    row.value = kNumberValue;
    row.number = *number;
  } else {
    row.value = NumberedValueId(row.type, value);
  }
}

std::optional<uint32_t> TraceMapper::LabelledValueId(uint32_t type, int64_t paraver_type,
                                                     EventValue value) {
  auto labels = pcf_.event_values.find(paraver_type);
  if (labels == pcf_.event_values.end()) return std::nullopt;
  uint32_t space = ValueSpace(type, value.negative);
  if (auto id = labelled_values_.Find(value.magnitude, space)) return id;
  const std::string* label = Find(labels->second, value);
  if (label == nullptr) return std::nullopt;
  uint32_t id = registry_->AddValue(LabelledValue(ToText(value), label, type));
  labelled_values_.Insert(value.magnitude, space, id);
  return id;
}

uint32_t TraceMapper::NumberedValueId(uint32_t type, EventValue value) {
  if (auto id = recent_values_.Find(value.magnitude, ValueSpace(type, value.negative))) return *id;
  return NewNumberedValue(type, value.negative, value.magnitude);
}

uint32_t TraceMapper::TagValue(int64_t tag) {
  auto key = static_cast<uint64_t>(tag);
  uint64_t magnitude = tag < 0 ? 0 - key : key;
  if (auto id = KnownValue(magnitude, ValueSpace(link_type_, tag < 0))) return *id;
  return NewNumberedValue(link_type_, tag < 0, magnitude);
}

std::optional<uint32_t> TraceMapper::KnownValue(uint64_t magnitude, uint32_t space) {
  if (auto id = labelled_values_.Find(magnitude, space)) return id;
  return recent_values_.Find(magnitude, space);
}

uint32_t TraceMapper::NewNumberedValue(uint32_t type, bool negative, uint64_t magnitude) {
  uint32_t id = registry_->AddNumberedValue(type, negative, magnitude);
  registry_->Pin(id);
  recent_values_.Add(magnitude, ValueSpace(type, negative), id,
                     [&](uint32_t old) { registry_->Unpin(old); });
  return id;
}

// Ticks as seconds in decimal, with as many places as one tick needs:
// 11900123 ns -> "0.011900123". Exact, unlike the double.
std::string TraceMapper::ExactSeconds(int64_t ticks) const {
  uint64_t magnitude = ticks < 0 ? 0 - static_cast<uint64_t>(ticks) : static_cast<uint64_t>(ticks);
  uint64_t scale = 1;
  for (int i = 0; i < header_.tick_decimals; ++i) scale *= 10;
  std::string fraction = std::to_string(magnitude % scale);
  fraction.insert(0, static_cast<size_t>(header_.tick_decimals) - fraction.size(), '0');
  return (ticks < 0 ? "-" : "") + std::to_string(magnitude / scale) + "." + fraction;
}

}  // namespace tracedb::paraver

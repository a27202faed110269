#include "format/paraver/interval_events.h"

#include <cctype>
#include <string>
#include <utility>

#include "format/paraver/labelled_type.h"
#include "format/paraver/trim.h"

namespace tracedb::paraver {
namespace {

bool SameLetters(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != lower[i]) return false;
  }
  return true;
}

bool IsWordCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string NameOf(const std::unordered_map<EventValue, std::string, EventValueHash>* labels,
                   EventValue value) {
  if (labels != nullptr) {
    if (auto found = labels->find(value); found != labels->end()) return found->second;
  }
  return ToText(value);
}

}  // namespace

bool ClosesIntervals(std::string_view label) {
  label = Trim(label);
  if (SameLetters(label, "end") || SameLetters(label, "close")) return true;
  constexpr std::string_view kOutside = "outside";
  if (label.size() < kOutside.size() || !SameLetters(label.substr(0, kOutside.size()), kOutside)) {
    return false;
  }
  return label.size() == kOutside.size() || !IsWordCharacter(label[kOutside.size()]);
}

IntervalEvents::IntervalEvents(const PcfLabels& pcf, uint32_t thread_type, bool keep_extras,
                               Registry* registry, EntitySink* sink, CallPaths* paths)
    : pcf_(pcf),
      thread_type_(thread_type),
      keep_extras_(keep_extras),
      registry_(registry),
      sink_(sink),
      paths_(paths) {
  for (const auto& [type, labels] : pcf.event_values) {
    auto zero = labels.find(EventValue{});
    if (zero == labels.end() || !ClosesIntervals(zero->second)) continue;
    slots_.emplace(type, static_cast<uint32_t>(types_.size()));
    types_.push_back(type);
    state_types_.push_back(kNoId);
  }
}

uint32_t IntervalEvents::StateType(uint32_t slot) {
  if (state_types_[slot] != kNoId) return state_types_[slot];
  int64_t type = types_[slot];
  TypeInfo info = LabelledType(pcf_, type, TypeKind::kState, thread_type_);
  return state_types_[slot] = registry_->AddType(std::move(info));
}

uint32_t IntervalEvents::Value(uint32_t slot, EventValue value) {
  uint32_t space = slot * 2 + (value.negative ? 1 : 0);
  if (auto id = values_.Find(value.magnitude, space)) return *id;
  auto labels = pcf_.event_values.find(types_[slot]);
  ValueInfo info{.name = NameOf(&labels->second, value), .type = StateType(slot)};
  if (info.name != ToText(value)) info.alias = ToText(value);
  uint32_t id = registry_->AddValue(std::move(info));
  values_.Insert(value.magnitude, space, id);
  return id;
}

IntervalEvents::Stack& IntervalEvents::StackOf(uint32_t thread, uint32_t container, uint32_t slot) {
  uint64_t key = uint64_t{thread} << 32 | slot;
  auto [it, made] = stacks_.try_emplace(key);
  if (made) it->second = {.container = container, .type = StateType(slot), .open = {}};
  return it->second;
}

void IntervalEvents::Apply(uint32_t thread, uint32_t container, int64_t type, EventValue value,
                           double seconds, uint32_t cpu) {
  uint32_t slot = slots_.at(type);
  Stack& stack = StackOf(thread, container, slot);
  if (value.magnitude != 0) {
    uint32_t id = Value(slot, value);
    uint32_t parent = stack.open.empty() ? kNoPath : stack.open.back().path;
    uint32_t path = paths_->Enter(container, stack.type, parent, id);
    stack.open.push_back({.value = id, .cpu = cpu, .path = path, .start = seconds});
    return;
  }
  if (stack.open.empty()) return;
  Emit(stack, stack.open.back(), seconds);
  stack.open.pop_back();
}

void IntervalEvents::Emit(const Stack& stack, const Open& open, double end) {
  size_t depth = &open - stack.open.data();
  const Open* below = depth == 0 ? nullptr : &open - 1;
  Extras extras;
  if (keep_extras_) {
    extras.push_back(
        {.name = "cpu", .value = std::to_string(open.cpu), .type = FieldType::kNumber});
  }
  sink_->OnState({.container = stack.container,
                  .type = stack.type,
                  .value = open.value,
                  .start = open.start,
                  .end = end,
                  .depth = static_cast<uint32_t>(depth),
                  .extras = std::move(extras),
                  .parent_value = below ? below->value : kNoValue,
                  .path = open.path,
                  .parent_path = below ? below->path : kNoPath,
                  .parent_start = below ? below->start : StateRow{}.parent_start});
}

void IntervalEvents::Finish(double end) {
  for (auto& [key, stack] : stacks_) {
    for (const Open& open : stack.open) Emit(stack, open, end);
    stack.open.clear();
  }
}

}  // namespace tracedb::paraver

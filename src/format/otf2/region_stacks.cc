#include "format/otf2/region_stacks.h"

namespace tracedb::otf2 {

RegionStacks::Stack& RegionStacks::StackOf(const LocationRecord& location) {
  if (stacks_.size() <= location.index) stacks_.resize(location.index + 1);
  Stack& stack = stacks_[location.index];
  if (stack.made) return stack;
  uint32_t parent = types_->registry().container(location.container).type;
  stack = {.made = true,
           .container = location.container,
           .type = types_->Type("Region", TypeKind::kState, parent)};
  return stack;
}

// The region's name; its canonical name only when the name is empty
// (Score-P's canonical name is the symbol: "main", "_ZN4Name1xEi").
uint32_t RegionStacks::Value(const LocationTable& table, const LocationRecord& location,
                             uint64_t timestamp, uint32_t region) {
  uint32_t type = StackOf(location).type;
  uint64_t key = (static_cast<uint64_t>(type) << 32) | region;
  if (auto found = values_.find(key); found != values_.end()) return found->second;
  auto definition = d_.regions.find(region);
  if (definition == d_.regions.end()) {
    throw table.Problem(location.id, timestamp,
                        "Enter of region " + std::to_string(region) + ", which is not defined");
  }
  std::string name = d_.Text(definition->second.name);
  if (name.empty()) name = d_.Text(definition->second.canonical_name);
  uint32_t value = types_->Value(type, name);
  values_.emplace(key, value);
  return value;
}

void RegionStacks::Enter(const LocationRecord& location, uint64_t timestamp, uint32_t region,
                         uint32_t value, const TimeBase& time) {
  Stack& stack = StackOf(location);
  const Open* below = stack.open.empty() ? nullptr : &stack.open.back();
  uint32_t parent_path = below ? below->path : kNoPath;
  stack.open.push_back({.region = region,
                        .value = value,
                        .parent_value = below ? below->value : kNoValue,
                        .depth = static_cast<uint32_t>(stack.open.size()),
                        .start = time.Seconds(timestamp),
                        .path = paths_.Enter(stack.container, stack.type, parent_path, value),
                        .parent_path = parent_path,
                        .parent_start = below ? below->start : StateRow{}.parent_start});
}

const RegionStacks::Open* RegionStacks::InnermostOf(const LocationRecord& location,
                                                    uint32_t region) const {
  if (location.index >= stacks_.size()) return nullptr;
  const std::vector<Open>& open = stacks_[location.index].open;
  for (size_t i = open.size(); i-- > 0;) {
    if (open[i].region == region) return &open[i];
  }
  return nullptr;
}

void RegionStacks::CheckOpen(const LocationTable& table, const LocationRecord& location,
                             uint64_t timestamp, uint32_t region) const {
  if (InnermostOf(location, region) != nullptr) return;
  auto definition = d_.regions.find(region);
  std::string name = definition == d_.regions.end()
                         ? std::to_string(region)
                         : "\"" + d_.Text(definition->second.name) + "\"";
  size_t others = location.index < stacks_.size() ? stacks_[location.index].open.size() : 0;
  std::string open =
      others == 0 ? "no region is open" : std::to_string(others) + " other(s) are open";
  throw table.Problem(location.id, timestamp,
                      "Leave of region " + name + ", which is not open (" + open + ")");
}

void RegionStacks::Leave(const LocationTable& table, const LocationRecord& location,
                         uint64_t timestamp, uint32_t region) {
  Stack& stack = StackOf(location);
  const Open* open = InnermostOf(location, region);
  Emit(stack, *open, table.time().Seconds(timestamp));
  stack.open.erase(stack.open.begin() + (open - stack.open.data()));
}

void RegionStacks::Emit(const Stack& stack, const Open& open, double end) {
  sink_->OnState({.container = stack.container,
                  .type = stack.type,
                  .value = open.value,
                  .start = open.start,
                  .end = end,
                  .depth = open.depth,
                  .parent_value = open.parent_value,
                  .path = open.path,
                  .parent_path = open.parent_path,
                  .parent_start = open.parent_start});
}

std::vector<uint32_t> RegionStacks::Finish(double end) {
  std::vector<uint32_t> still_open;
  for (Stack& stack : stacks_) {
    if (stack.open.empty()) continue;
    for (const Open& open : stack.open) Emit(stack, open, end);
    stack.open.clear();
    still_open.push_back(stack.container);
  }
  return still_open;
}

}  // namespace tracedb::otf2

#include "sim/registry.h"

#include <charconv>
#include <stdexcept>
#include <string>

namespace tracedb {

Registry::Registry() {
  AddType({.name = "0", .alias = "", .kind = TypeKind::kContainer, .parent = kNoParent});
  AddContainer({.name = "0", .alias = "", .type = kRoot, .parent = kNoParent, .start = 0});
}

uint32_t Registry::AddType(TypeInfo info) {
  auto id = static_cast<uint32_t>(types_.size());
  type_index_.Insert(IdentifierOf(info.name, info.alias), id);
  types_.push_back(std::move(info));
  value_index_.emplace_back();
  return id;
}

uint32_t Registry::AddValue(ValueInfo info) {
  auto id = static_cast<uint32_t>(value_count_);
  value_index_[info.type].Insert(IdentifierOf(info.name, info.alias), id);
  AddSlot({named_values_.size(), info.type, ValueSlot::Kind::kNamed});
  named_values_.push_back(std::move(info));
  return id;
}

uint32_t Registry::AddNumberedValue(uint32_t type, bool negative, uint64_t magnitude) {
  auto id = static_cast<uint32_t>(value_count_);
  AddSlot({magnitude, type, negative ? ValueSlot::Kind::kNegative : ValueSlot::Kind::kPositive});
  return id;
}

void Registry::AddSlot(ValueSlot slot) {
  if (value_count_ >= UINT32_MAX) throw std::length_error("more than 2^32 - 1 values");
  if (window_mask_ == 0 || value_count_ <= window_mask_) {
    values_.push_back(slot);  // no window, or the ring still filling up: id == index
  } else {
    // The slot of id value_count_ - window leaves the ring; named and pinned values stay.
    ValueSlot& old = values_[value_count_ & window_mask_];
    if (old.kind == ValueSlot::Kind::kNamed || old.pinned) {
      kept_.emplace(static_cast<uint32_t>(value_count_ - window_mask_ - 1), old);
    }
    old = slot;
  }
  ++value_count_;
}

void Registry::KeepNumberedValues(size_t window) {
  if (window == 0 || (window & (window - 1)) != 0 || window_mask_ != 0) {
    throw std::invalid_argument("KeepNumberedValues: a power of two, once");
  }
  window_mask_ = window - 1;
  if (values_.size() <= window) return;  // the ring fills up as ids come
  // The ids made so far keep their slots: the ring starts with them.
  std::vector<ValueSlot> ring(window);
  for (size_t id = 0; id < values_.size(); ++id) {
    ValueSlot& slot = values_[id];
    if (id + window < values_.size()) {
      if (slot.kind == ValueSlot::Kind::kNamed || slot.pinned) {
        kept_.emplace(static_cast<uint32_t>(id), slot);
      }
    } else {
      ring[id & (window - 1)] = slot;
    }
  }
  values_.swap(ring);
}

bool Registry::InWindow(uint32_t id) const { return id + window_mask_ + 1 >= value_count_; }

const Registry::ValueSlot& Registry::Slot(uint32_t id) const {
  if (window_mask_ == 0) return values_[id];
  if (InWindow(id)) return values_[id & window_mask_];
  auto kept = kept_.find(id);
  if (kept == kept_.end()) throw std::logic_error("value " + std::to_string(id) + " is forgotten");
  return kept->second;
}

bool Registry::Pin(uint32_t id) {
  if (window_mask_ == 0) return true;
  if (InWindow(id)) {
    values_[id & window_mask_].pinned = true;
    return true;
  }
  return kept_.contains(id);
}

void Registry::Unpin(uint32_t id) {
  if (window_mask_ == 0) return;
  if (InWindow(id)) {
    values_[id & window_mask_].pinned = false;
  } else if (auto kept = kept_.find(id); kept != kept_.end() && kept->second.pinned) {
    kept_.erase(kept);  // a named value stays
  }
}

ValueInfo Registry::value(uint32_t id) const {
  const ValueSlot& slot = Slot(id);
  if (slot.kind == ValueSlot::Kind::kNamed) return named_values_[slot.number];
  NumberDigits digits;
  return ValueInfo{.name = std::string(value_name(id, digits)), .type = slot.type};
}

std::string_view Registry::value_name(uint32_t id, NumberDigits& digits) const {
  const ValueSlot& slot = Slot(id);
  if (slot.kind == ValueSlot::Kind::kNamed) return named_values_[slot.number].name;
  char* begin = digits.data();
  if (slot.kind == ValueSlot::Kind::kNegative) *begin++ = '-';
  char* end = std::to_chars(begin, digits.data() + digits.size(), slot.number).ptr;
  return {digits.data(), static_cast<size_t>(end - digits.data())};
}

NameSnapshot Registry::Names(size_t max_values) const {
  NameSnapshot names{.types = type_index_, .values = {}, .containers = container_index_};
  names.values.reserve(value_index_.size());
  for (const NameIndex& values : value_index_) {
    names.values.push_back(values.size() <= max_values ? values : NameIndex());
  }
  return names;
}

uint32_t Registry::AddContainer(ContainerInfo info) {
  auto id = static_cast<uint32_t>(containers_.size());
  container_index_.Insert(IdentifierOf(info.name, info.alias), id);
  containers_.push_back(std::move(info));
  return id;
}

}  // namespace tracedb

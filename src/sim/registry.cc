#include "sim/registry.h"

#include <charconv>

namespace tracedb {

Registry::Registry() {
  AddType({.name = "0", .alias = "", .kind = TypeKind::kContainer, .parent = kNoParent});
  AddContainer({.name = "0", .alias = "", .type = kRoot, .parent = kNoParent, .start = 0});
}

std::optional<uint32_t> Registry::FindType(std::string_view identifier) const {
  return type_index_.Find(identifier);
}

std::optional<uint32_t> Registry::FindValue(uint32_t type, std::string_view identifier) const {
  return value_index_[type].Find(identifier);
}

std::optional<uint32_t> Registry::FindContainer(std::string_view identifier) const {
  return container_index_.Find(identifier);
}

uint32_t Registry::AddType(TypeInfo info) {
  auto id = static_cast<uint32_t>(types_.size());
  type_index_.Insert(IdentifierOf(info.name, info.alias), id);
  types_.push_back(std::move(info));
  value_index_.emplace_back();
  return id;
}

uint32_t Registry::AddValue(ValueInfo info) {
  auto id = static_cast<uint32_t>(values_.size());
  value_index_[info.type].Insert(IdentifierOf(info.name, info.alias), id);
  values_.push_back({named_values_.size(), info.type, ValueSlot::Kind::kNamed});
  named_values_.push_back(std::move(info));
  return id;
}

uint32_t Registry::AddNumberedValue(uint32_t type, bool negative, uint64_t magnitude) {
  auto id = static_cast<uint32_t>(values_.size());
  values_.push_back(
      {magnitude, type, negative ? ValueSlot::Kind::kNegative : ValueSlot::Kind::kPositive});
  return id;
}

ValueInfo Registry::value(uint32_t id) const {
  const ValueSlot& slot = values_[id];
  if (slot.kind == ValueSlot::Kind::kNamed) return named_values_[slot.number];
  NumberDigits digits;
  return ValueInfo{.name = std::string(value_name(id, digits)), .type = slot.type};
}

std::string_view Registry::value_name(uint32_t id, NumberDigits& digits) const {
  const ValueSlot& slot = values_[id];
  if (slot.kind == ValueSlot::Kind::kNamed) return named_values_[slot.number].name;
  char* begin = digits.data();
  if (slot.kind == ValueSlot::Kind::kNegative) *begin++ = '-';
  char* end = std::to_chars(begin, digits.data() + digits.size(), slot.number).ptr;
  return {digits.data(), static_cast<size_t>(end - digits.data())};
}

uint32_t Registry::AddContainer(ContainerInfo info) {
  auto id = static_cast<uint32_t>(containers_.size());
  container_index_.Insert(IdentifierOf(info.name, info.alias), id);
  containers_.push_back(std::move(info));
  return id;
}

}  // namespace tracedb

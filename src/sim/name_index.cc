#include "sim/name_index.h"

namespace tracedb {

void NameIndex::Insert(std::string_view name, uint32_t id) {
  // Keep the load under one half: probes stay short.
  if ((size_ + 1) * 2 > slots_.size()) {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.id != kEmpty) Place(slot);
    }
  }
  Slot slot{.hash = HashName(name), .id = id, .size = static_cast<uint32_t>(name.size())};
  if (name.size() <= kInline) {
    std::memcpy(slot.bytes, name.data(), name.size());
  } else {
    auto index = static_cast<uint32_t>(long_names_.size());
    long_names_.emplace_back(name);
    std::memcpy(slot.bytes, &index, sizeof index);
  }
  Place(slot);
  ++size_;
}

void NameIndex::Place(const Slot& slot) {
  size_t mask = slots_.size() - 1;
  size_t i = slot.hash & mask;
  while (slots_[i].id != kEmpty) i = (i + 1) & mask;
  slots_[i] = slot;
}

}  // namespace tracedb

#include "model/call_paths.h"

namespace tracedb {
namespace {

// A value no state has: the key of a (container, type)'s "(other paths)".
constexpr uint32_t kOtherValue = 0xffffffffu;

uint64_t Mix(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

size_t Hash(uint32_t container, uint32_t type, uint32_t parent, uint32_t value) {
  uint64_t high = static_cast<uint64_t>(container) << 32 | type;
  uint64_t low = static_cast<uint64_t>(parent) << 32 | value;
  return static_cast<size_t>(Mix(high ^ Mix(low)));
}

}  // namespace

CallPaths::Slot& CallPaths::Find(uint32_t container, uint32_t type, uint32_t parent,
                                 uint32_t value) {
  if ((used_ + 1) * 2 > slots_.size()) Grow();
  size_t mask = slots_.size() - 1;
  for (size_t i = Hash(container, type, parent, value) & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.id == 0 || (slot.container == container && slot.type == type &&
                         slot.parent == parent && slot.value == value)) {
      return slot;
    }
  }
}

void CallPaths::Grow() {
  std::vector<Slot> old(slots_.empty() ? 64 : slots_.size() * 2);
  old.swap(slots_);
  size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.id == 0) continue;
    size_t i = Hash(slot.container, slot.type, slot.parent, slot.value) & mask;
    while (slots_[i].id != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

uint32_t CallPaths::Enter(uint32_t container, uint32_t type, uint32_t parent, uint32_t value) {
  if (IsOtherPaths(parent)) return parent;
  Slot& slot = Find(container, type, parent, value);
  if (slot.id != 0) return slot.id;
  if (container >= per_container_.size()) per_container_.resize(container + 1, 0);
  if (per_container_[container] < max_per_container_) {
    ++per_container_[container];
    return New(slot, container, type, parent, value);
  }
  Slot& other = Find(container, type, kNoPath, kOtherValue);
  if (other.id != 0) return other.id;
  return New(other, container, type, kNoPath, kOtherValue);
}

uint32_t CallPaths::New(Slot& slot, uint32_t container, uint32_t type, uint32_t parent,
                        uint32_t value) {
  uint32_t id = next_++;
  if (value == kOtherValue) id |= kOtherPathsBit;
  slot = {container, type, parent, value, id};
  ++used_;
  return id;
}

}  // namespace tracedb

// IdTable: (number, space) -> registry id, for the mapper's per-record
// lookups (event types, event values, state values, tags). Open addressing
// in one array of 16-byte slots, so that a lookup costs about one cache
// line: it runs once per type:value pair on the one in-order thread, and
// counter values make these tables large.
//
// Not thread-safe; ids are never removed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tracedb::paraver {

// The hash of a (number, space) key, for IdTable and RecentIds.
inline size_t HashNumber(uint64_t number, uint32_t space) {
  uint64_t h = (number ^ (uint64_t{space} << 32 | space)) * 0x9E3779B97F4A7C15ull;
  return static_cast<size_t>(h ^ (h >> 29));
}

// A (number, space) key and its id; kNoId marks an empty slot.
inline constexpr uint32_t kNoId = UINT32_MAX;
struct NumberSlot {
  uint64_t number = 0;
  uint32_t space = 0;
  uint32_t id = kNoId;
};

class IdTable {
 public:
  IdTable() : slots_(kInitialSlots) {}

  std::optional<uint32_t> Find(uint64_t number, uint32_t space) const {
    size_t mask = slots_.size() - 1;
    for (size_t i = Hash(number, space) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.id == kEmpty) return std::nullopt;
      if (s.number == number && s.space == space) return s.id;
    }
  }

  // The key must not be present yet.
  void Insert(uint64_t number, uint32_t space, uint32_t id) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    Place(Slot{number, space, id});
    ++size_;
  }

 private:
  static constexpr size_t kInitialSlots = 64;
  static constexpr uint32_t kEmpty = kNoId;
  using Slot = NumberSlot;

  static size_t Hash(uint64_t number, uint32_t space) { return HashNumber(number, space); }
  void Place(const Slot& slot) {
    size_t mask = slots_.size() - 1;
    size_t i = Hash(slot.number, slot.space) & mask;
    while (slots_[i].id != kEmpty) i = (i + 1) & mask;
    slots_[i] = slot;
  }
  void Grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.id != kEmpty) Place(s);
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace tracedb::paraver

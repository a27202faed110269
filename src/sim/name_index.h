// NameIndex: identifier -> id, looked up by string_view without allocating.
// It sits on the simulator's per-event path (several lookups an event), so
// it is an open-addressing table whose slots hold the hash and, for names up
// to 16 bytes, the name itself: a hit usually touches one cache line.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb {

// A fast hash for short identifiers (8 bytes at a time, multiply-mix).
uint64_t HashName(std::string_view s);

struct StringViewHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return HashName(s); }
};

class NameIndex {
 public:
  NameIndex() : slots_(kInitialSlots) {}

  std::optional<uint32_t> Find(std::string_view name) const {
    uint64_t hash = HashName(name);
    size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.id == kEmpty) return std::nullopt;
      if (slot.hash == hash && Matches(slot, name)) return slot.id;
    }
  }
  bool Contains(std::string_view name) const { return Find(name).has_value(); }
  // `name` must not be present yet.
  void Insert(std::string_view name, uint32_t id);
  size_t size() const { return size_; }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  static constexpr size_t kInitialSlots = 16;
  static constexpr size_t kInline = 16;

  struct Slot {
    uint64_t hash = 0;
    uint32_t id = kEmpty;
    uint32_t size = 0;
    // Names up to kInline bytes live here; a longer one is in long_names_
    // and this holds its index there.
    char bytes[kInline] = {};
  };

  bool Matches(const Slot& slot, std::string_view name) const {
    if (slot.size != name.size()) return false;
    if (name.size() <= kInline) return std::memcmp(slot.bytes, name.data(), name.size()) == 0;
    uint32_t index;
    std::memcpy(&index, slot.bytes, sizeof index);
    return long_names_[index] == name;
  }
  void Place(const Slot& slot);

  std::vector<Slot> slots_;
  std::vector<std::string> long_names_;
  size_t size_ = 0;
};

}  // namespace tracedb

// RecentIds: (number, space) -> id of the numbers seen lately, in bounded
// memory, for the Paraver mapper's counter values, which are nearly all
// distinct and would otherwise fill a table as large as the trace.
//
// A set-associative cache: a number hashes to one set of kWays entries (one
// cache line), kept in order of last use. A new number takes the front of
// its set and the least recently used one of the set is forgotten
// (reported to `on_forget`, so that its owner can let go of the id too).
// A number in use stays; one unused while some `capacity` others came is
// likely forgotten.
//
// Not thread-safe.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "format/paraver/id_table.h"

namespace tracedb::paraver {

// The capacity the mapper uses: 2 MiB of entries.
inline constexpr size_t kRecentValues = size_t{1} << 17;

class RecentIds {
 public:
  // About `capacity` entries in all (rounded down to a power of two, at
  // least one set).
  explicit RecentIds(size_t capacity)
      : sets_(std::bit_floor(std::max<size_t>(capacity / kWays, 1))) {}

  std::optional<uint32_t> Find(uint64_t number, uint32_t space) {
    Set& set = SetOf(number, space);
    for (int i = 0; i < kWays; ++i) {
      Entry e = set.ways[i];
      if (e.id == kEmpty || e.number != number || e.space != space) continue;
      for (; i > 0; --i) set.ways[i] = set.ways[i - 1];  // to the front
      set.ways[0] = e;
      return e.id;
    }
    return std::nullopt;
  }

  // (number, space) must not be known.
  template <typename OnForget>
  void Add(uint64_t number, uint32_t space, uint32_t id, OnForget on_forget) {
    Set& set = SetOf(number, space);
    if (set.ways[kWays - 1].id != kEmpty) on_forget(set.ways[kWays - 1].id);
    for (int i = kWays - 1; i > 0; --i) set.ways[i] = set.ways[i - 1];
    set.ways[0] = Entry{number, space, id};
  }

 private:
  static constexpr int kWays = 4;
  static constexpr uint32_t kEmpty = kNoId;

  using Entry = NumberSlot;
  struct alignas(64) Set {
    Entry ways[kWays];
  };

  Set& SetOf(uint64_t number, uint32_t space) {
    return sets_[HashNumber(number, space) & (sets_.size() - 1)];
  }

  std::vector<Set> sets_;
};

}  // namespace tracedb::paraver

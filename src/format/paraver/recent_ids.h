// RecentIds: (number, space) -> id of the numbers seen lately, in bounded
// memory, for the Paraver mapper's numbered values: tags, and counter values
// beyond 64-bit integers (a counter that wraps at 2^64), which are nearly all
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
  // least one set). The sets start few and double as entries come, so that
  // a small trace does not pay for the whole cache.
  explicit RecentIds(size_t capacity)
      : max_sets_(std::bit_floor(std::max<size_t>(capacity / kWays, 1))),
        sets_(std::min(max_sets_, kFirstSets)) {}

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
    if (++added_ > sets_.size() * kWays / 2 && sets_.size() < max_sets_) Grow();
    Set& set = SetOf(number, space);
    if (set.ways[kWays - 1].id != kEmpty) on_forget(set.ways[kWays - 1].id);
    for (int i = kWays - 1; i > 0; --i) set.ways[i] = set.ways[i - 1];
    set.ways[0] = Entry{number, space, id};
  }

 private:
  static constexpr int kWays = 4;
  static constexpr size_t kFirstSets = 64;
  static constexpr uint32_t kEmpty = kNoId;

  using Entry = NumberSlot;
  struct alignas(64) Set {
    Entry ways[kWays];
  };

  Set& SetOf(uint64_t number, uint32_t space) {
    return sets_[HashNumber(number, space) & (sets_.size() - 1)];
  }

  // Twice the sets. A new set takes entries of one old set only (the hash's
  // next bit splits it in two), so none is forgotten, and they keep their
  // order of use.
  void Grow() {
    std::vector<Set> old(sets_.size() * 2);
    old.swap(sets_);
    std::vector<int> filled(sets_.size(), 0);
    for (const Set& set : old) {
      for (const Entry& e : set.ways) {
        if (e.id == kEmpty) continue;
        size_t at = static_cast<size_t>(&SetOf(e.number, e.space) - sets_.data());
        sets_[at].ways[filled[at]++] = e;
      }
    }
  }

  size_t max_sets_;
  std::vector<Set> sets_;
  size_t added_ = 0;
};

}  // namespace tracedb::paraver

// PendingLinks: the link halves of one (container, link type) that wait for
// their other half, by key. Entries sit in one dense array, found through
// an open-addressing table of their indexes sized in powers of two, and
// each half hashes its key once. A std::unordered_map allocated a node per
// half and divided by a prime to find its bucket three times a link; with
// the used keys' look-ups, matching took a fifth of the simulator's thread
// in a dump of the 100 MB bench trace (its halves are a third of its lines).
//
// Plain data of the simulator, used on its thread only. An Entry pointer
// stays valid until the next Add or Take.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/entity.h"
#include "sim/link_numbers.h"

namespace tracedb {

struct PendingLink {
  bool has_start = false;
  bool has_end = false;
  double start = -1;
  double end = -1;
  int64_t start_container = kNoContainer;
  int64_t end_container = kNoContainer;
  uint32_t value = 0;
  uint64_t line = 0;  // of the first half, for the error if it never completes
  Extras extras;
  LinkNumbers numbers;
};

class PendingLinks {
 public:
  struct Entry {
    uint64_t hash;  // HashName(key)
    std::string key;
    PendingLink link;
  };

  // The entry of `key` (whose HashName is `hash`), nullptr when none waits.
  Entry* Find(std::string_view key, uint64_t hash);
  // `key` must not be waiting.
  void Add(std::string_view key, uint64_t hash, PendingLink link);
  // Removes `entry`, which Find gave, and returns its link.
  PendingLink Take(Entry* entry);
  void clear();
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  // In no particular order.
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  static constexpr uint32_t kFree = 0;  // a slot holds its entry's index + 1

  size_t Home(uint64_t hash) const { return hash & (slots_.size() - 1); }
  size_t SlotOf(size_t entry) const;
  void Place(size_t entry);
  void Free(size_t slot);

  std::vector<uint32_t> slots_;  // a power of two, at most half full
  std::vector<Entry> entries_;
};

}  // namespace tracedb

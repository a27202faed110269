// KeyedTotals: running totals per (container, type, value), for the
// summarizer. The entries sit in chunks in the order they came, and an
// open-addressing index of 4-byte slots finds them: about 70 bytes an entry
// of state totals, where std::unordered_map spent about 95 (a node each with
// its own allocation, next pointer and cached hash, and a bucket pointer).
// A trace of 50,000 containers has a million such entries.
//
// Threading: plain data, used from one thread at a time.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "model/chunked_vector.h"

namespace tracedb {

struct SummaryKey {
  uint32_t container;
  uint32_t type;
  int64_t value;
  bool operator==(const SummaryKey&) const = default;
};

// Every bit of the key moves the low bits, which pick the slot: a
// multiplication alone leaves them blind to the container (in the high
// half), and 50,000 containers then probe one run (an ingest of 6 s took
// 110 s).
inline size_t HashSummaryKey(const SummaryKey& k) {
  uint64_t x = (static_cast<uint64_t>(k.container) << 32 | k.type) ^
               static_cast<uint64_t>(k.value) * 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return static_cast<size_t>(x ^ (x >> 31));
}

template <typename Totals>
class KeyedTotals {
 public:
  using Entry = std::pair<SummaryKey, Totals>;

  // The totals of `key`, value-initialised the first time.
  Totals& operator[](const SummaryKey& key) {
    if ((entries_.size() + 1) * 2 > slots_.size()) Grow();
    uint32_t& slot = slots_[Find(key)];
    if (slot == 0) {
      entries_.push_back({key, Totals{}});
      slot = static_cast<uint32_t>(entries_.size());
    }
    return entries_[slot - 1].second;
  }

  // In the order the keys first came.
  template <typename F>
  void ForEach(F f) const {
    for (size_t i = 0; i < entries_.size(); ++i) f(entries_[i].first, entries_[i].second);
  }

  size_t size() const { return entries_.size(); }

 private:
  // The slot holding `key`, or the empty one where it would go.
  size_t Find(const SummaryKey& key) const {
    size_t mask = slots_.size() - 1;
    size_t i = HashSummaryKey(key) & mask;
    while (slots_[i] != 0 && entries_[slots_[i] - 1].first != key) i = (i + 1) & mask;
    return i;
  }

  // Doubles the index (a power of two, at most half full) and fills it anew.
  void Grow() {
    slots_.assign(slots_.empty() ? 64 : slots_.size() * 2, 0);
    for (size_t e = 0; e < entries_.size(); ++e) {
      slots_[Find(entries_[e].first)] = static_cast<uint32_t>(e + 1);
    }
  }

  std::vector<uint32_t> slots_;  // entry index + 1; 0: empty
  ChunkedVector<Entry> entries_;
};

}  // namespace tracedb

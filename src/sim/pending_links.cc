#include "sim/pending_links.h"

#include <algorithm>
#include <utility>

namespace tracedb {

PendingLinks::Entry* PendingLinks::Find(std::string_view key, uint64_t hash) {
  if (slots_.empty()) return nullptr;
  for (size_t slot = Home(hash);; slot = (slot + 1) & (slots_.size() - 1)) {
    if (slots_[slot] == kFree) return nullptr;
    Entry& entry = entries_[slots_[slot] - 1];
    if (entry.hash == hash && entry.key == key) return &entry;
  }
}

void PendingLinks::Add(std::string_view key, uint64_t hash, PendingLink link) {
  entries_.push_back(Entry{hash, std::string(key), std::move(link)});
  if (entries_.size() * 2 <= slots_.size()) return Place(entries_.size() - 1);
  slots_.assign(std::max<size_t>(8, slots_.size() * 2), kFree);
  for (size_t entry = 0; entry < entries_.size(); ++entry) Place(entry);
}

// The last entry moves into the one taken: the array stays dense.
PendingLink PendingLinks::Take(Entry* entry) {
  size_t taken = static_cast<size_t>(entry - entries_.data());
  PendingLink link = std::move(entry->link);
  Free(SlotOf(taken));
  size_t last = entries_.size() - 1;
  if (taken != last) {
    slots_[SlotOf(last)] = static_cast<uint32_t>(taken + 1);
    entries_[taken] = std::move(entries_[last]);
  }
  entries_.pop_back();
  return link;
}

void PendingLinks::clear() {
  slots_.clear();
  entries_.clear();
}

size_t PendingLinks::SlotOf(size_t entry) const {
  size_t slot = Home(entries_[entry].hash);
  while (slots_[slot] != entry + 1) slot = (slot + 1) & (slots_.size() - 1);
  return slot;
}

void PendingLinks::Place(size_t entry) {
  size_t slot = Home(entries_[entry].hash);
  while (slots_[slot] != kFree) slot = (slot + 1) & (slots_.size() - 1);
  slots_[slot] = static_cast<uint32_t>(entry + 1);
}

// Linear probing's deletion without tombstones: each later slot of the
// run moves back into the hole unless its home lies after the hole (in
// the run's cyclic order), where a search would no longer find it.
void PendingLinks::Free(size_t hole) {
  size_t mask = slots_.size() - 1;
  for (size_t slot = (hole + 1) & mask; slots_[slot] != kFree; slot = (slot + 1) & mask) {
    size_t home = Home(entries_[slots_[slot] - 1].hash);
    bool home_in_between =
        hole < slot ? (hole < home && home <= slot) : (hole < home || home <= slot);
    if (home_in_between) continue;
    slots_[hole] = slots_[slot];
    hole = slot;
  }
  slots_[hole] = kFree;
}

}  // namespace tracedb

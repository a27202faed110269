#include "sim/name_index.h"

namespace tracedb {

void NameIndex::Insert(std::string_view name, uint32_t id) {
  // Keep the load under three quarters: probes stay short, and a table of
  // 32-byte slots is copied for the parsers (sim/name_snapshot.h) as well.
  // Under one half, a trace of 75,000 containers had 2 x 8 MB of them: its
  // SQLite ingest peaked 7-13 MB higher (3 runs alternating), and neither
  // its dump nor the 100 MB trace's (--threads 1, CPU time) was faster.
  if ((size_ + 1) * 4 > slots_.size() * 3) {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.id != kEmpty) Place(slot);
    }
  }
  Slot slot{.id = id, .size = static_cast<uint32_t>(name.size())};
  if (name.size() <= kInline) {
    slot.words = ShortNameOf(name.data(), name.size());
    slot.hash = HashShortName(slot.words, name.size());
  } else {
    slot.hash = HashName(name);
    slot.words.head = long_names_.size();
    long_names_.emplace_back(name);
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

// Names past kInline bytes: rare (paths, long function names), hashed and
// compared whole.
uint32_t NameIndex::LongIdOf(std::string_view name) const {
  uint64_t hash = HashName(name);
  size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.id == kEmpty) return kNone;
    if (slot.hash == hash && slot.size == name.size() && long_names_[slot.words.head] == name) {
      return slot.id;
    }
  }
}

}  // namespace tracedb

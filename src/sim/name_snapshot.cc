#include "sim/name_snapshot.h"

#include <algorithm>

namespace tracedb {
namespace {

// A state type with more values than this is left out of the snapshots:
// its values are new more often than not (a task id in each name), so the
// simulator would look them up all the same, and copies of a million
// values took 290 MB, two or three of them alive at once.
constexpr size_t kMaxSnapshotValues = 1 << 16;

size_t EntryCount(const Registry& r) {
  return r.type_count() + r.value_count() + r.container_count();
}

uint32_t Lookup(const NameIndex& index, const Event& e, Field field) {
  if (!e.Has(field)) return kUnresolved;
  static_assert(NameIndex::kNone == kUnresolved);
  return index.IdOf(e.Get(field));
}

bool HasValue(EventKind kind) {
  return kind == EventKind::kSetState || kind == EventKind::kPushState ||
         kind == EventKind::kNewEvent || kind == EventKind::kStartLink ||
         kind == EventKind::kEndLink;
}

bool IsEntityEvent(EventKind kind) {
  return kind >= EventKind::kCreateContainer && kind <= EventKind::kEndLink &&
         kind != EventKind::kDestroyContainer;
}

void ResolveEvent(const NameSnapshot& names, Event& e) {
  e.container_id = Lookup(names.containers, e, Field::kContainer);
  e.type_id = Lookup(names.types, e, Field::kType);
  if (HasValue(e.kind) && e.type_id != kUnresolved && e.type_id < names.values.size()) {
    e.value_id = Lookup(names.values[e.type_id], e, Field::kValue);
  }
  if (e.kind == EventKind::kStartLink) {
    e.link_end_id = Lookup(names.containers, e, Field::kStartContainer);
  } else if (e.kind == EventKind::kEndLink) {
    e.link_end_id = Lookup(names.containers, e, Field::kEndContainer);
  }
}

}  // namespace

void NameResolver::Publish(const Registry& registry) {
  size_t size = EntryCount(registry);
  ++calls_since_;
  size_t grown = size - published_size_;
  if (grown == 0) return;
  // Copy when a sixteenth is new: copies then cost O(size) in all. A small
  // registry is also copied after a few blocks with anything new, so that
  // containers made since get resolved ahead too: every 2 blocks up to 8K
  // entries, every 16 at 64K, at most 4K entries copied a block. The
  // parsers run blocks ahead, so on the 100 MB bench trace (a container
  // made every 2,000 lines) 9.5% of container lookups were still left to
  // the simulator with a copy every 64 blocks, 5.5% with one every 2.
  bool geometric = grown * 16 >= size;
  bool late_few = size <= (64u << 10) &&
                  static_cast<size_t>(calls_since_) * 4096 >= std::max<size_t>(size, 8192);
  if (!geometric && !late_few) return;
  auto snapshot = std::make_shared<const NameSnapshot>(registry.Names(kMaxSnapshotValues));
  std::lock_guard lock(mutex_);
  snapshot_ = std::move(snapshot);
  published_size_ = size;
  calls_since_ = 0;
}

std::shared_ptr<const NameSnapshot> NameResolver::Current() const {
  std::lock_guard lock(mutex_);
  return snapshot_;
}

void NameResolver::Resolve(EventBatch& batch) const {
  std::shared_ptr<const NameSnapshot> names = Current();
  if (!names) return;
  for (Event& e : batch.events) {
    if (IsEntityEvent(e.kind)) ResolveEvent(*names, e);
  }
}

}  // namespace tracedb

// NameResolver: lets the parser workers turn identifiers into registry ids
// ahead of the simulator, which then skips those lookups (several per event,
// the largest share of its work).
//
// This is exact, not a guess: an identifier, once it has an id, keeps it
// for the whole trace (types, values and containers can be neither redefined
// nor re-created under a used name), so whatever an older snapshot answers is
// still right. What it does not know yet stays kUnresolved and the simulator
// looks it up as before, with the same errors.
//
// Threading: Publish on the simulator's thread, Resolve on any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>

#include "model/paje_event.h"
#include "sim/registry.h"

namespace tracedb {

class NameResolver {
 public:
  // Takes a new snapshot when the registry grew enough since the last one:
  // copies stay amortised even for traces with a million containers.
  void Publish(const Registry& registry);
  void Resolve(EventBatch& batch) const;

 private:
  std::shared_ptr<const NameSnapshot> Current() const;

  mutable std::mutex mutex_;
  std::shared_ptr<const NameSnapshot> snapshot_;
  size_t published_size_ = 0;  // registry entries in the current snapshot
  int calls_since_ = 0;
};

}  // namespace tracedb

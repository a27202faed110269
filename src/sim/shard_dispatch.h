// ShardDispatch: where a Simulator in sharded mode (sim/sharded_simulator.h)
// sends each container's work once the registry's checks have passed,
// instead of doing it on its own thread.
//
// Threading: called on the Simulator's thread.
#pragma once

#include <cstdint>

#include "model/entity.h"
#include "model/paje_event.h"

namespace tracedb {

class ShardDispatch {
 public:
  virtual ~ShardDispatch() = default;
  // An entity event on `container` of `type` that the registry accepts;
  // `end` is a link's start or end container (kNoContainer otherwise).
  virtual void Entity(const Event& e, uint32_t container, uint32_t type, int64_t end) = 0;
  // `container` ends at `time`; `touched`: by its own DestroyContainer.
  virtual void End(uint32_t container, double start, double time, uint64_t line, Extras extras,
                   bool touched) = 0;
  // The time of the container's last accepted event. `assumed` is the
  // Simulator's own, right if no event sent since was refused.
  virtual double LastEventTime(uint32_t container, double assumed) = 0;
};

}  // namespace tracedb

// States of one (container, state type): a stack of open states.
// Push opens a level above the top; Pop closes the top; Reset closes all.
// Closed states go to the sink at once. Time-order checks are the caller's.
#pragma once

#include "model/call_paths.h"
#include "model/entity.h"
#include "sim/tracks.h"

namespace tracedb {

// `paths` numbers the pushed state's call path.
void PushState(Track& track, uint32_t container, double time, uint32_t value, Extras extras,
               CallPaths& paths);
// Returns false when the stack is empty. `extras` (of the PopState) follow
// the pushed state's own.
bool PopState(Track& track, uint32_t container, double time, const Extras& extras,
              EntitySink& sink);
void ResetStates(Track& track, uint32_t container, double time, EntitySink& sink);

}  // namespace tracedb

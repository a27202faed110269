#include "sim/state_tracker.h"

#include <utility>

namespace tracedb {
namespace {

void Emit(Track& track, uint32_t container, OpenState& state, double end, EntitySink& sink) {
  // The stack holds the states from the bottom up: the one below is the one before.
  const OpenState* below = &state == track.states.data() ? nullptr : &state - 1;
  sink.OnState(StateRow{.container = container,
                        .type = track.type,
                        .value = state.value,
                        .start = state.start,
                        .end = end,
                        .depth = state.depth,
                        .extras = std::move(state.extras),
                        .parent_value = below ? below->value : kNoValue,
                        .path = state.path,
                        .parent_path = below ? below->path : kNoPath,
                        .parent_start = below ? below->start : StateRow{}.parent_start});
}

// The last created state is the top of the stack while it is open; once it
// closes, its end becomes part of the time-order rule.
void NoteClosed(Track& track, double time) {
  if (!track.last_state_open) return;
  track.last_state_open = false;
  track.last.has_end = true;
  track.last.end = time;
}

}  // namespace

void PushState(Track& track, uint32_t container, double time, uint32_t value, Extras extras,
               CallPaths& paths) {
  uint32_t depth = track.states.empty() ? 0 : track.states.back().depth + 1;
  uint32_t parent = track.states.empty() ? kNoPath : track.states.back().path;
  uint32_t path = paths.Enter(container, track.type, parent, value);
  track.states.push_back(OpenState{time, value, depth, path, std::move(extras)});
  track.last = LastEntity{.any = true, .start = time};
  track.last_state_open = true;
}

bool PopState(Track& track, uint32_t container, double time, const Extras& extras,
              EntitySink& sink) {
  if (track.states.empty()) return false;
  OpenState& top = track.states.back();
  top.extras.insert(top.extras.end(), extras.begin(), extras.end());
  Emit(track, container, top, time, sink);
  track.states.pop_back();
  NoteClosed(track, time);
  return true;
}

void ResetStates(Track& track, uint32_t container, double time, EntitySink& sink) {
  for (OpenState& state : track.states) Emit(track, container, state, time, sink);
  track.states.clear();
  NoteClosed(track, time);
}

}  // namespace tracedb

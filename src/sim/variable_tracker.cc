#include "sim/variable_tracker.h"

#include <utility>

namespace tracedb {
namespace {

double Apply(VariableOp op, double previous, double amount) {
  switch (op) {
    case VariableOp::kSet:
      return amount;
    case VariableOp::kAdd:
      return previous + amount;
    case VariableOp::kSub:
      return previous - amount;
  }
  return amount;
}

// The interval ending at `time`, to the sink; `v` keeps no extras after.
void Emit(const Track& track, uint32_t container, OpenVariable& v, double time, EntitySink& sink) {
  sink.OnVariable(VariableRow{.container = container,
                              .type = track.type,
                              .start = v.start,
                              .end = time,
                              .value = v.value,
                              .extras = std::move(v.extras)});
}

}  // namespace

bool ChangeVariable(Track& track, uint32_t container, double time, VariableOp op, double amount,
                    Extras extras, EntitySink& sink) {
  if (!track.variable) {
    if (op != VariableOp::kSet) return false;
  } else if (track.variable->start == time) {
    track.variable->value = Apply(op, track.variable->value, amount);
    return true;
  }
  double previous = track.variable ? track.variable->value : 0;
  OpenVariable next{time, Apply(op, previous, amount), std::move(extras)};
  if (track.variable) {
    // The next interval takes the closed one's place: no free and new per change.
    Emit(track, container, *track.variable, time, sink);
    *track.variable = std::move(next);
  } else {
    track.variable = std::make_unique<OpenVariable>(std::move(next));
  }
  track.last = LastEntity{.any = true, .start = time};
  return true;
}

void CloseVariable(Track& track, uint32_t container, double time, EntitySink& sink) {
  if (!track.variable) return;
  Emit(track, container, *track.variable, time, sink);
  track.variable.reset();
}

}  // namespace tracedb

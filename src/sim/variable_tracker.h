// Variables of one (container, variable type): the current interval.
// Every change closes it (even to the same value) and opens the next; a
// change at the interval's own start time updates it in place.
#pragma once

#include "model/entity.h"
#include "sim/tracks.h"

namespace tracedb {

enum class VariableOp { kSet, kAdd, kSub };

// Returns false for Add/Sub before any Set.
bool ChangeVariable(Track& track, uint32_t container, double time, VariableOp op, double amount,
                    Extras extras, EntitySink& sink);
void CloseVariable(Track& track, uint32_t container, double time, EntitySink& sink);

}  // namespace tracedb

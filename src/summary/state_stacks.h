// StateStacks: the state stacks of one container, replayed from stored
// state rows, for summaries computed after the load (tracedb summarize).
// A stored row keeps its depth but not StateRecord::parent_value and the
// call paths (parent_path, path), which exclusive time and the call-path
// profile need: given a container's states in (start_time, depth,
// end_time) order, the state a row at depth d was pushed on is the last one
// seen at depth d - 1. (States of one depth follow each other: of those
// that start together, all but the last are empty, and end_time puts the
// last after them, so the state below a state with any duration is its own
// parent. An empty state may get a wrong parent, which it takes nothing
// from.)
//
// States leave in the order the simulator emitted them, so that a summary
// adds up the same numbers in the same order as the load did: a state
// leaves when the next one at its depth or below starts, deepest first,
// but for the states that end with the bottom one when a state at depth 0
// starts or the container ends, which leave bottom first, as a reset
// (SetState, ResetState, the container's end) emits them. (A stack popped
// whole at one instant also leaves bottom first: the stored rows cannot
// tell it from a reset.)
//
// Threading: one object per reader, used from one thread. Memory: the open
// states of one container, per state type.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "model/call_paths.h"
#include "model/row_batch.h"

namespace tracedb {

class StateStacks {
 public:
  // Takes the container's next state (its parent_value and paths ignored): the
  // states it closes go to `out` first, deepest first.
  void Push(const StateRecord& state, std::vector<StateRecord>* out);
  // The container ended: its states still open go to `out`, deepest first.
  void Flush(std::vector<StateRecord>* out);

 private:
  std::unordered_map<uint32_t, std::vector<StateRecord>> stacks_;  // by type, bottom first
  CallPaths paths_;  // numbered anew: the stored rows do not keep them
};

}  // namespace tracedb

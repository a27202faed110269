// IntervalEvents: the event types that mark intervals, as nested states
// (../shared/docs/paraver-format.md, "Mapping 2"). A type marks intervals
// when its .pcf labels value 0 "End", "close" or "Outside ..." (case aside:
// Extrae's MPI calls, OpenMP regions and functions, user functions and
// callers). Per thread and type, a non-zero value opens a state and pushes
// it, 0 closes the one on top (0 on an empty stack changes nothing: traces
// start mid-call). The state's type is named after the event type (its
// number as alias), its value after the value's label (else the number),
// its depth is how many of that type were open on the thread, its parent
// value the one it was pushed on, its extra fields the opening record's.
// States still open at Finish end at the end of the trace.
//
// Memory: the states open, per thread and type, 24 bytes each. Extrae's
// callers (types 70000001-70000003, 80000001-80000003: "Caller at level
// N") label their value 0 "End" but are never closed: they pile up, one
// per MPI call, until the end of the trace (7,492 deep per thread and type
// in the corpus's epoch_4proc).
//
// Runs on the mapper's thread (the in-order stage); not thread-safe.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "format/paraver/id_table.h"
#include "format/paraver/pcf_labels.h"
#include "format/paraver/record.h"
#include "model/call_paths.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paraver {

// "End", "close", "Outside MPI": a value-0 label that marks intervals.
bool ClosesIntervals(std::string_view label);

class IntervalEvents {
 public:
  // Keeps references to all arguments; `thread_type` is the states'
  // container type; `keep_extras`: the states carry their cpu; `paths`
  // numbers the states' call paths.
  IntervalEvents(const PcfLabels& pcf, uint32_t thread_type, bool keep_extras, Registry* registry,
                 EntitySink* sink, CallPaths* paths);

  bool Marks(int64_t type) const { return slots_.contains(type); }
  // A pair of a type that Marks, on `thread` (its global index) and
  // `container`, at `seconds`, recorded on `cpu`.
  void Apply(uint32_t thread, uint32_t container, int64_t type, EventValue value, double seconds,
             uint32_t cpu);
  // Ends every state still open at `end`.
  void Finish(double end);

 private:
  struct Open {
    uint32_t value;
    uint32_t cpu;
    uint32_t path;  // model/call_paths.h
    double start;
  };
  struct Stack {
    uint32_t container;
    uint32_t type;
    std::vector<Open> open;
  };

  Stack& StackOf(uint32_t thread, uint32_t container, uint32_t slot);
  uint32_t StateType(uint32_t slot);
  uint32_t Value(uint32_t slot, EventValue value);
  void Emit(const Stack& stack, const Open& open, double end);

  const PcfLabels& pcf_;
  uint32_t thread_type_;
  bool keep_extras_;
  Registry* registry_;
  EntitySink* sink_;
  CallPaths* paths_;
  std::unordered_map<int64_t, uint32_t> slots_;  // interval type -> slot
  std::vector<int64_t> types_;                   // by slot: the Paraver type
  std::vector<uint32_t> state_types_;            // by slot; kNoId until used
  IdTable values_;                               // (magnitude, slot * 2 + sign) -> value id
  std::unordered_map<uint64_t, Stack> stacks_;   // thread << 32 | slot
};

}  // namespace tracedb::paraver

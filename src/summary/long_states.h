// LongStates: picks, while a trace streams, the few states long enough to
// be searched by duration class (state.long_state, model/duration_class.h).
// A window or instant query finds the other states through the container
// index, each container's from the window's start minus the longest of
// them (state_duration.short_max_seconds); indexing only the long ones
// keeps the load's cost of that second index near nothing (docs/archive.md, queries
// 8 and 9).
//
// A state is long when its class is at least K, K the smallest class with
// at most max(64, 2% of the states so far) states at or above it. A state
// that was long stays so (the threshold is for the states to come), so the
// long ones can be more than that bound: a trace whose durations grow as it
// goes marks up to 2% of each class as it appears. Queries stay exact
// whatever the marks; only the index grows. The first 64 are all long, so
// that an early long state does not become every container's margin.
//
// Threading: one object per load, used from one thread (the writer's).
#pragma once

#include <cstdint>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

class LongStates {
 public:
  LongStates();
  // Sets long_state on each state, in order.
  void Mark(std::vector<StateRecord>& states);

 private:
  bool Add(int32_t duration_class);
  int64_t Allowance() const;

  std::vector<int64_t> counts_;  // states per class, from kShortestDurationClass
  int64_t states_ = 0;
  int64_t at_or_above_ = 0;  // states of class >= threshold_
  int32_t threshold_;        // K, as an index into counts_
  int32_t lowest_;           // the lowest class index seen
};

}  // namespace tracedb

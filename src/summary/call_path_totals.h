// CallPathTotals: the call-path profile of a load (summary_call_path):
// per call path (model/call_paths.h) of each container and state type, its
// states' count, inclusive and exclusive time. Like the state summaries,
// a state's duration is subtracted from the exclusive time of the path it
// was pushed on (StateRecord::parent_path), whatever the order in which
// the two come. The "(other paths)" entry of a (container, type) counts
// every state past the bound; its inclusive and exclusive time are those
// of its outermost states (the ones not pushed on another of them).
//
// The ids written are not the loader's (model/call_paths.h) but given in an
// order of the paths themselves (CanonicalOrder), so that `tracedb
// summarize`, which numbers the stored states' paths anew, writes the same
// rows as the load.
//
// Memory: one entry per path, at most kDefaultMaxCallPaths per container
// and one "(other paths)" per container and state type.
//
// Threading: plain data, used from one thread (the summarizer's).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

class CallPathTotals {
 public:
  void Add(const StateRecord& s);
  // Appends a row per path to `out`, calling `spill` after each.
  void Finish(std::vector<CallPathRecord>* out, const std::function<void()>& spill) const;

 private:
  struct Totals {
    uint32_t parent = kNoPath;
    uint32_t container = 0;
    uint32_t type = 0;
    uint32_t value = kNoValue;
    uint32_t depth = 0;
    int64_t count = 0;
    double inclusive = 0;
    double exclusive = 0;
  };

  Totals& At(uint32_t path);
  // The paths with states, in the order of their new ids; `ids` (by old
  // id) gets those.
  std::vector<uint32_t> CanonicalOrder(std::vector<uint32_t>* ids) const;

  std::vector<Totals> paths_;  // by path id, kOtherPathsBit cleared
};

}  // namespace tracedb

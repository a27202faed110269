// CallPaths: numbers the call paths of a trace's states as they are pushed.
// A state's call path is the values of the states it is nested in, from the
// bottom of its (container, state type) stack up to its own; the path of a
// state pushed on one of path P with value V is (P, V). The numbers are the
// trace's (1, 2, ... in the order paths first occur) and a summary keyed by
// them is a call-path profile (summary/trace_summarizer.h).
//
// Bounded: a container has at most `max_per_container` paths. Past that,
// a new path, and every path above it, is its (container, type)'s
// "(other paths)" entry, an id with kOtherPathsBit set; traces that push
// without popping (Extrae's callers, thousands deep) would otherwise grow a
// path per state.
//
// Threading: one object per trace, used from the thread that keeps the
// state stacks (the simulator's, a format's in-order stage, a summarizer's).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tracedb {

// The parent path of a state at depth 0.
inline constexpr uint32_t kNoPath = 0;
// Set in the id of a (container, type)'s "(other paths)" entry.
inline constexpr uint32_t kOtherPathsBit = 0x80000000u;
// Distinct call paths per container before "(other paths)" (ingest and
// summarize; docs/archive.md, summary_call_path).
inline constexpr uint32_t kDefaultMaxCallPaths = 128;

inline bool IsOtherPaths(uint32_t path) { return (path & kOtherPathsBit) != 0; }

class CallPaths {
 public:
  explicit CallPaths(uint32_t max_per_container = kDefaultMaxCallPaths)
      : max_per_container_(max_per_container) {}

  // The path of a state valued `value` of state type `type` in `container`,
  // pushed on a state of path `parent` (kNoPath at the bottom).
  uint32_t Enter(uint32_t container, uint32_t type, uint32_t parent, uint32_t value);

 private:
  // Open addressing, at most half full: std::unordered_map's node per entry
  // cost an ingest of the 100 MB bench trace (334,000 paths) 5% of its
  // simulator thread in cache misses.
  struct Slot {
    uint32_t container;
    uint32_t type;
    uint32_t parent;
    uint32_t value;
    uint32_t id = 0;  // 0: empty
  };

  // The slot of the key, or the empty one where it goes.
  Slot& Find(uint32_t container, uint32_t type, uint32_t parent, uint32_t value);
  uint32_t New(Slot& slot, uint32_t container, uint32_t type, uint32_t parent, uint32_t value);
  void Grow();

  uint32_t max_per_container_;
  uint32_t next_ = 1;
  size_t used_ = 0;
  std::vector<Slot> slots_;
  std::vector<uint32_t> per_container_;  // paths so far, by container id
};

}  // namespace tracedb

// CounterTrack: the samples of one counter on one container as intervals
// of counting, the model that Extrae's hardware counters
// (../shared/docs/paraver-format.md, "Mapping 2") and OTF2's accumulated
// metrics (../shared/docs/otf2-format.md, "Variables") both follow. A
// sample ends the interval that began at the previous sample of its track;
// what was counted in that interval becomes a variable over it valued at
// the rate per second (CountRate), so that the count in any window is the
// variable's integral over the window, and a ratio of two counters over a
// state (instructions per cycle) the ratio of two integrals. A sample at
// the previous one's tick, or before it, ends no interval.
//
// A plain value: one thread at a time.
#pragma once

#include <cstdint>
#include <optional>

#include "model/entity.h"

namespace tracedb {

template <typename Ticks>
class CounterTrack {
 public:
  // Counting starts at the first sample, which only sets the origin (an
  // OTF2 metric accumulated from the start of the measurement).
  CounterTrack() = default;
  // Counting starts at `start` (Extrae: 0, the start of the trace).
  explicit CounterTrack(Ticks start) : any_(true), last_(start) {}

  // The start of the interval a sample at `ticks` ends, [start, ticks);
  // none when there is no earlier sample. The sample is the previous one
  // from now on.
  std::optional<Ticks> Since(Ticks ticks) {
    std::optional<Ticks> start;
    if (any_ && ticks > last_) start = last_;
    any_ = true;
    last_ = ticks;
    return start;
  }

  bool any() const { return any_; }
  Ticks last() const { return last_; }

 private:
  bool any_ = false;
  Ticks last_{};
};

// The variable of `count` counted over [start, end) (seconds), `ticks`
// long: the rate per second, taken from the ticks (exact where the times,
// differences of large doubles, are not).
inline VariableRow CountRate(uint32_t container, uint32_t type, double start, double end,
                             double count, double ticks, double ticks_per_second) {
  return {.container = container,
          .type = type,
          .start = start,
          .end = end,
          .value = count * ticks_per_second / ticks};
}

}  // namespace tracedb

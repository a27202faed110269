// CounterSamples: Extrae's hardware counters (event types 42000000 to
// 42999999) as variables (../shared/docs/paraver-format.md, "Mapping 2").
// Extrae writes at each sample the count accumulated since the previous
// sample of that counter on that thread; a sample (t, count) becomes a
// variable of the counter's type (named after the type's .pcf label, its
// number as alias) on the thread over [t_prev, t), t_prev being the time
// of the previous sample of that type on that thread (0 for the first),
// valued at the rate count / (t - t_prev) per second: the counter model of
// format/counter_track.h, which OTF2's accumulated metrics follow too. A
// sample at t_prev counts no interval and is dropped.
//
// Memory: one sample time per thread and counter.
//
// Runs on the mapper's thread (the in-order stage); not thread-safe.
#pragma once

#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "format/counter_track.h"
#include "format/paraver/id_table.h"
#include "format/paraver/pcf_labels.h"
#include "format/paraver/record.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paraver {

inline constexpr int64_t kFirstCounterType = 42000000;
inline constexpr int64_t kLastCounterType = 42999999;

class CounterSamples {
 public:
  // Keeps references to all arguments; `thread_type` is the variables'
  // container type; the trace's unit is `seconds_per_tick`, 10^-`tick_decimals`.
  CounterSamples(const PcfLabels& pcf, uint32_t thread_type, double seconds_per_tick,
                 int tick_decimals, Registry* registry, EntitySink* sink)
      : pcf_(pcf),
        thread_type_(thread_type),
        seconds_per_tick_(seconds_per_tick),
        ticks_per_second_(std::pow(10.0, tick_decimals)),
        registry_(registry),
        sink_(sink) {}

  static bool Counts(int64_t type) { return type >= kFirstCounterType && type <= kLastCounterType; }
  // A sample of counter `type` (one that Counts) on `thread` (its global
  // index) and `container`, at `ticks`.
  void Apply(uint32_t thread, uint32_t container, int64_t type, EventValue count, int64_t ticks);

 private:
  uint32_t VariableType(int64_t type);

  const PcfLabels& pcf_;
  uint32_t thread_type_;
  double seconds_per_tick_;
  double ticks_per_second_;  // exact: a power of ten
  Registry* registry_;
  EntitySink* sink_;
  IdTable types_;  // (type, 0) -> variable type id
  // thread << 32 | (type - kFirstCounterType)
  std::unordered_map<uint64_t, CounterTrack<int64_t>> tracks_;
};

}  // namespace tracedb::paraver

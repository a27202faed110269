#include "format/paraver/counter_samples.h"

#include <string>

#include "format/paraver/labelled_type.h"

namespace tracedb::paraver {

uint32_t CounterSamples::VariableType(int64_t type) {
  auto key = static_cast<uint64_t>(type);
  if (auto id = types_.Find(key, 0)) return *id;
  TypeInfo info = LabelledType(pcf_, type, TypeKind::kVariable, thread_type_);
  uint32_t id = registry_->AddType(std::move(info));
  types_.Insert(key, 0, id);
  return id;
}

void CounterSamples::Apply(uint32_t thread, uint32_t container, int64_t type, EventValue count,
                           int64_t ticks) {
  uint64_t key = uint64_t{thread} << 32 | static_cast<uint64_t>(type - kFirstCounterType);
  auto [track, made] = tracks_.try_emplace(key, CounterTrack<int64_t>(0));
  std::optional<int64_t> since = track->second.Since(ticks);
  if (!since) return;
  double counted = static_cast<double>(count.magnitude) * (count.negative ? -1.0 : 1.0);
  sink_->OnVariable(CountRate(container, VariableType(type),
                              static_cast<double>(*since) * seconds_per_tick_,
                              static_cast<double>(ticks) * seconds_per_tick_, counted,
                              static_cast<double>(ticks - *since), ticks_per_second_));
}

}  // namespace tracedb::paraver

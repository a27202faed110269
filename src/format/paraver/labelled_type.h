// LabelledType: the type a Paraver event type number becomes, named by its
// .pcf label with the number as alias (the identifier stays unique when
// labels repeat), else by the number alone: one rule for the event types
// (trace_mapper.h), the interval states (interval_events.h) and the counter
// variables (counter_samples.h).
//
// A pure function; any thread.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "format/paraver/pcf_labels.h"
#include "sim/registry.h"

namespace tracedb::paraver {

inline TypeInfo LabelledType(const PcfLabels& pcf, int64_t type, TypeKind kind, uint32_t parent) {
  TypeInfo info{.name = std::to_string(type), .kind = kind, .parent = parent};
  if (auto label = pcf.event_types.find(type); label != pcf.event_types.end()) {
    info.alias = std::move(info.name);
    info.name = label->second;
  }
  return info;
}

}  // namespace tracedb::paraver

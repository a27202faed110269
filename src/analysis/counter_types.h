// CounterTypeIds: the variable types a --counter NAME means in a trace:
// those named NAME, or NAME and a blank and more (Extrae's labels follow
// the counter's name: "PAPI_TOT_INS [Instr completed]"); several of them
// (a counter on threads and on CPUs, say) all count. A NAME that means
// none is a DbError naming the trace and the counter and listing the
// trace's variable types, as StateTypeIds (state_types.h) does for --type.
//
// Plain function; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/trace_names.h"

namespace tracedb {

// The ids, sorted.
std::vector<int64_t> CounterTypeIds(const TraceNames& names, const std::string& counter,
                                    const std::string& trace_label);

}  // namespace tracedb

// StateTypeIds: the ids of a trace's state types named NAME (--type NAME;
// several types may share a name); none, meaning all, when there is no
// NAME. A NAME that names none is a DbError listing the trace's state types.
//
// Plain function; no threading concerns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/trace_names.h"

namespace tracedb {

std::vector<int64_t> StateTypeIds(const TraceNames& names, const std::optional<std::string>& type,
                                  const std::string& trace_label);

}  // namespace tracedb

// StateTypeIds: the ids of a trace's state types named NAME (--type NAME;
// several types may share a name); none, meaning all, when there is no
// NAME. A NAME that names none is a DbError listing the trace's state types.
// AmongStateTypes: whether a row of type_id is one of those ids.
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

// True for every type when `ids` is empty (no NAME given).
bool AmongStateTypes(const std::vector<int64_t>& ids, int64_t type_id);

}  // namespace tracedb

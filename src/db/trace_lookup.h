// How a user's TRACE argument names a trace, the same on every backend:
//   "id:N"       the trace with id N, only;
//   "name:TEXT"  the trace named TEXT, only (TEXT taken as it is, digits too);
//   "N" (digits) the trace with id N; if there is none, the one named N.
//                When id N exists and another trace is named N, neither is
//                guessed: DbError, suggesting id:N or name:N;
//   anything else: a name.
// Nothing found is nullopt; a name shared by several traces throws DbError,
// listing their ids.
//
// No state of its own: the look-ups run on the caller's thread, within the
// call.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/trace_record.h"

namespace tracedb {

// The two look-ups a backend answers; by_name's traces ordered by id.
struct TraceLookup {
  std::function<std::optional<TraceRecord>(int64_t id)> by_id;
  std::function<std::vector<TraceRecord>(std::string_view name)> by_name;
};

// `database` names the archive in the errors.
std::optional<TraceRecord> FindTraceBySpec(std::string_view spec, const TraceLookup& lookup,
                                           const std::string& database);

}  // namespace tracedb

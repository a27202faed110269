// CompareProfiles: `tracedb compare`'s answer, two traces' time per state
// type and value side by side, matched by names (and by container path with
// --by container), from their summaries:
//
//   [container_path,] type, value, a_inclusive, a_exclusive, b_inclusive,
//   b_exclusive, difference, ratio
//
// difference = b_exclusive - a_exclusive (a side without the row counts
// 0), ratio = b_exclusive / a_exclusive (NULL when A has no such time);
// sorted by the size of the difference, largest first. Exclusive time is
// what moved: a value's inclusive time also holds what is nested in it.
//
// Runs on the caller's thread; reads each trace in a snapshot of its own.
#pragma once

#include <optional>
#include <string>

#include "analysis/flat_profile.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "results/result_table.h"
#include "results/row_source.h"

namespace tracedb {

struct CompareOptions {
  ProfileBy by = ProfileBy::kValue;  // --by container: matched by path too
  std::optional<std::string> type;   // --type: the state type(s) of that name, in both
};

// Its rows made when asked for (results/row_source.h), as the command
// prints them.
RowSource CompareProfileRows(TraceReader& reader, const TraceRecord& a, const TraceRecord& b,
                             const CompareOptions& options);
ResultTable CompareProfiles(TraceReader& reader, const TraceRecord& a, const TraceRecord& b,
                            const CompareOptions& options);

}  // namespace tracedb

// A trace row (trace_record.h) as named output cells, in the column order
// of the trace table (schema/schema.sql), for `list --json` and `info`:
// every column, NULL where the row has none (the summary of a trace that
// is not complete, a size never known).
#pragma once

#include <string>
#include <vector>

#include "db/trace_record.h"
#include "results/result_table.h"

namespace tracedb {

// "id", "name", "path", ... "metadata".
const std::vector<std::string>& TraceColumns();
// As long as TraceColumns(), in its order.
std::vector<Cell> TraceCells(const TraceRecord& trace);

}  // namespace tracedb

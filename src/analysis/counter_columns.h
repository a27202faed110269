// CounterColumns: the columns `tracedb profile --counter` appends to each
// row. `--counter NAME` gives NAME (what the counter counted within the
// row's states, inclusive, as inclusive_seconds is) and NAME_per_second
// (that count over the row's inclusive seconds); `--counter A/B` gives A/B,
// the ratio of two such counts (instructions per cycle:
// PAPI_TOT_INS/PAPI_TOT_CYC). Columns are named as the user typed them.
// A cell that would divide by 0 is NULL.
//
// Plain data and functions; no threading concerns.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "results/result_table.h"

namespace tracedb {

struct CounterColumn {
  std::string label;          // as typed: "PAPI_TOT_INS", "PAPI_TOT_INS/PAPI_TOT_CYC"
  size_t counter = 0;         // the count shown, or A's: an index into names
  std::optional<size_t> per;  // A/B: B's index into names
};

// What the columns need counted, each counter name once.
struct CounterRequest {
  std::vector<std::string> names;  // in order of first mention
  std::vector<CounterColumn> columns;
  bool empty() const { return columns.empty(); }
};

// The --counter texts, in order. std::invalid_argument for "A/", "/B",
// "A/B/C" or "", naming the text.
CounterRequest ParseCounterRequest(const std::vector<std::string>& texts);

std::vector<std::string> CounterColumnNames(const CounterRequest& request);

// The columns' cells of a row that counted `counts` (one per name; null:
// nothing counted, all 0) within `seconds`.
void AppendCounterCells(const CounterRequest& request, const std::vector<double>* counts,
                        double seconds, std::vector<Cell>* row);

// How many cells AppendCounterCells appends.
size_t CounterCellCount(const CounterRequest& request);

}  // namespace tracedb

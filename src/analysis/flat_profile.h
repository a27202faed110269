// FlatProfile: `tracedb profile`'s answer, time per state value, per
// container (its path) or over all containers, largest inclusive time
// first:
//
//   [container_path,] type, value, count, inclusive_seconds,
//   exclusive_seconds, share[, a counter's columns...]
//
// share = exclusive_seconds / the lifetime of the container (per
// container), or the summed lifetimes of the containers that have states
// of that type (over all containers); lifetimes clipped to the window when
// there is one. Exclusive, so that the shares of one type's values add up
// to at most 100%: inclusive time counts nested states twice (a user
// function and the MPI call inside it, a Pajé state pushed on another). Without a window the rows
// come from the summaries; with one, from the window's states, clipped exactly (profile_totals.h).
// The counters' columns (counter_columns.h) are counted from the states and
// samples, clipped to the window or the trace's span (counter_totals.h).
//
// Runs on the caller's thread; reads the trace in one snapshot.
#pragma once

#include <limits>
#include <optional>
#include <string>

#include "analysis/counter_columns.h"
#include "analysis/time_window.h"
#include "chart/bars_svg.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "results/result_table.h"
#include "results/row_source.h"

namespace tracedb {

enum class ProfileBy { kValue, kContainer };

struct ProfileOptions {
  ProfileBy by = ProfileBy::kValue;  // --by: over all containers by default
  std::optional<std::string> type;   // --type: the state type(s) of that name
  std::optional<TimeWindow> window;  // --from/--to; within the trace's span
  CounterRequest counters;           // --counter: columns after share; none by default
};

// Its rows made when asked for (results/row_source.h): what the command
// prints, without holding the cells of every row.
RowSource FlatProfileRows(TraceReader& reader, const TraceRecord& trace,
                          const ProfileOptions& options);
ResultTable FlatProfile(TraceReader& reader, const TraceRecord& trace,
                        const ProfileOptions& options);

// The answer over all containers and the bars that draw it, from one
// read: what the report shows side by side, and `tracedb plot profile`
// (with `type`: that state type's only, a DbError when it names none).
// The table holds the `rows` values of most time (the report lists 100 of
// a trace's 200,000).
struct DrawnProfile {
  ResultTable table;
  size_t values = 0;  // in the whole answer
  ProfileBars bars;
};

DrawnProfile ReadDrawnProfile(TraceReader& reader, const TraceRecord& trace,
                              const std::optional<TimeWindow>& window,
                              const std::optional<std::string>& type = std::nullopt,
                              size_t rows = std::numeric_limits<size_t>::max());

}  // namespace tracedb

#include "cli/trace_window.h"

#include <string>

#include "analysis/analysed_trace.h"
#include "db/db_error.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

std::string Number(double value) { return FormatReal(value); }

}  // namespace

TimeWindow ChosenWindow(const Archive& archive, const TraceRecord& trace, const WindowArgs& args) {
  double start = trace.summary->start_time, end = trace.summary->end_time;
  TimeWindow window{.from = args.from.value_or(start), .to = args.to.value_or(end)};
  window.ends_trace = window.to >= end;
  std::string spans =
      TraceLabel(trace) + ", which spans [" + Number(start) + ", " + Number(end) + "]";
  // One end given: the other is the trace's, which the user did not write.
  if (!args.to && !(window.from < end)) {
    throw DbError(archive.name(),
                  "--from " + Number(window.from) + " is not before the end of " + spans);
  }
  if (!args.from && !(window.to > start)) {
    throw DbError(archive.name(),
                  "--to " + Number(window.to) + " is not after the start of " + spans);
  }
  std::string given = "[" + Number(window.from) + ", " + Number(window.to) + "]";
  if (!(window.from < window.to)) {
    throw DbError(archive.name(), "the window " + given + " is empty: --from must be before --to");
  }
  if (window.to <= start || window.from >= end) {
    throw DbError(archive.name(), "the window " + given + " is outside " + spans);
  }
  return window;
}

}  // namespace tracedb

#include "analysis/analysed_trace.h"

#include <optional>

#include "db/db_error.h"
#include "model/time_unit.h"

namespace tracedb {
namespace {

std::string WhyNot(const TraceRecord& trace) {
  std::string label = TraceLabel(trace);
  if (trace.status == TraceStatus::kLoading) {
    return label +
           " is still loading (or its load was interrupted): try again once tracedb "
           "list shows it complete";
  }
  if (trace.status == TraceStatus::kDeleting) return label + " is being deleted";
  return label +
         " failed to load, so it has nothing to show: " + trace.error.value_or("no error recorded");
}

}  // namespace

std::string TraceLabel(const TraceRecord& trace) {
  return "trace " + std::to_string(trace.id) + " (" + trace.info.name + ")";
}

std::string TimeUnit(const TraceRecord& trace) { return trace.info.time_unit; }

std::string TimeColumn(const TraceRecord& trace, const std::string& what) {
  std::string word = TimeUnitWord(trace.info.time_unit);
  return what.empty() ? word : what + "_" + word;
}

TraceRecord FindAnalysable(TraceCatalog& catalog, const std::string& given) {
  std::optional<TraceRecord> trace = catalog.FindTrace(given);
  if (!trace) throw DbError(catalog.name(), "no trace '" + given + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) throw DbError(catalog.name(), WhyNot(*trace));
  if (!trace->summary || !trace->summary->profile_bins) {
    throw DbError(catalog.name(), TraceLabel(*trace) +
                                      " has no summaries (an older tracedb loaded it): "
                                      "tracedb summarize " +
                                      std::to_string(trace->id) + " computes them");
  }
  return *trace;
}

void RequireStates(const TraceCatalog& catalog, const TraceRecord& trace) {
  const TraceSummary& summary = *trace.summary;
  if (summary.state_count > 0) return;
  throw DbError(
      catalog.name(),
      TraceLabel(trace) +
          " has no states to profile or draw (events: " + std::to_string(summary.event_count) +
          ", variable intervals: " + std::to_string(summary.variable_count) +
          ", links: " + std::to_string(summary.link_count) + "; tracedb query reads them)");
}

}  // namespace tracedb

// SummaryStore: gives a complete trace the summaries (db/summary_tables.h)
// that an older tracedb did not compute when it loaded it, or new ones
// (`tracedb summarize`, pipeline/summarize_trace.h). A load stores its own
// summaries with its rows (db/trace_loader.h); this is the only other way
// they are written.
//
// Throws DbError. Threading: the archive's (db/archive.h); `write` runs on
// the calling thread, inside the call.
#pragma once

#include <cstdint>
#include <functional>

#include "model/row_writer.h"

namespace tracedb {

// What StoreSummaries does with a trace that has summaries by the time it
// writes: leaves them (another `tracedb summarize` was first), or replaces
// them (summarize --force).
enum class ExistingSummaries { kKeep, kReplace };

class SummaryStore {
 public:
  virtual ~SummaryStore() = default;

  // Gives complete trace `id` the summary rows that `write` hands to the
  // RowWriter it is passed (summary tables only) and sets its profile_bins,
  // in one transaction that first removes the summaries it had: readers
  // see the old summaries or the new, and a failure or a kill leaves the
  // trace as it was. False, and nothing written, when the trace has
  // summaries and `existing` is kKeep. Throws DbError when the trace is not
  // complete (deleted meanwhile).
  virtual bool StoreSummaries(int64_t id, int64_t profile_bins, ExistingSummaries existing,
                              const std::function<void(RowWriter&)>& write) = 0;
};

}  // namespace tracedb

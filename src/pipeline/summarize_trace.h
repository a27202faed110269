// SummarizeTrace: the summaries of a trace stored without them (loaded
// before schema 5, whose trace row has no profile_bins), computed from its
// stored rows: what `tracedb summarize` does for each trace. In two steps:
//
//   read    the trace's entity rows, in one read snapshot
//           (TraceReader::ReadComplete), through a TraceSummarizer
//           (db/stored_trace_summarizer.h): streamed, memory bounded as
//           in a load (per container, type and value, never per entity)
//   store   its rows and profile_bins in one write transaction
//           (SummaryStore::StoreSummaries), which rechecks the trace
//
// A complete trace never changes, so rows read in one transaction and
// stored in the next still belong together; holding the archive's write
// lock only for the second keeps loads and deletes waiting for a moment,
// not for the whole read.
//
// Nothing here prints. Throws DbError (the trace is not complete, the
// database failed). One thread; the archive's thread rules (db/archive.h):
// `reader` and `store` are two roles of one archive.
#pragma once

#include <cstdint>
#include <optional>

#include "db/summary_store.h"
#include "db/trace_reader.h"
#include "db/trace_record.h"
#include "sink/batching_sink.h"
#include "summary/trace_summarizer.h"

namespace tracedb {

struct SummarizeOptions {
  uint32_t profile_bins = kDefaultProfileBins;  // state_profile's bins at most
  size_t batch_rows = kDefaultBatchRows;        // rows handed on at once, read and written
  // A trace that has summaries is left alone unless kReplace (--force).
  ExistingSummaries existing = ExistingSummaries::kKeep;
};

// Rows stored, per summary table.
struct SummaryRowCounts {
  int64_t states = 0;  // state_summary
  int64_t events = 0;
  int64_t variables = 0;
  int64_t links = 0;
  int64_t profile = 0;  // state_profile
};

// nullopt: the trace has summaries and options.existing is kKeep, so
// nothing was computed or stored.
std::optional<SummaryRowCounts> SummarizeTrace(TraceReader& reader, SummaryStore& store,
                                               const TraceRecord& trace,
                                               const SummarizeOptions& options);

}  // namespace tracedb

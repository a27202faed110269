#include "pipeline/summarize_trace.h"

#include "db/stored_trace_summarizer.h"

namespace tracedb {
namespace {

void Count(const RowBatch& batch, SummaryRowCounts& counts) {
  counts.states += static_cast<int64_t>(batch.state_summaries.size());
  counts.events += static_cast<int64_t>(batch.event_summaries.size());
  counts.variables += static_cast<int64_t>(batch.variable_summaries.size());
  counts.links += static_cast<int64_t>(batch.link_summaries.size());
  counts.profile += static_cast<int64_t>(batch.profile.size());
}

bool HasSummaries(const TraceRecord& trace) {
  return trace.summary && trace.summary->profile_bins.has_value();
}

}  // namespace

std::optional<SummaryRowCounts> SummarizeTrace(TraceReader& reader, SummaryStore& store,
                                               const TraceRecord& trace,
                                               const SummarizeOptions& options) {
  // Checked again when storing: this spares the read.
  if (HasSummaries(trace) && options.existing == ExistingSummaries::kKeep) return std::nullopt;
  TraceSummarizer summarizer(options.profile_bins);
  reader.ReadComplete(trace.id, [&](const SelectRows& select) {
    SummarizeStoredRows(select, options.batch_rows, &summarizer);
  });
  SummaryRowCounts counts;
  bool stored = store.StoreSummaries(
      trace.id, options.profile_bins, options.existing, [&](RowWriter& writer) {
        summarizer.Finish(options.batch_rows, [&](const RowBatch& batch) {
          Count(batch, counts);
          writer.Write(batch);
        });
      });
  if (!stored) return std::nullopt;
  return counts;
}

}  // namespace tracedb

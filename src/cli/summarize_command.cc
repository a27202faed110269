// tracedb summarize: computes the summaries of traces stored without them
// (loaded before schema 5), from their stored rows, so that the summary
// views answer for every trace (pipeline/summarize_trace.h).
#include <iostream>
#include <string>
#include <vector>

#include "analysis/analysed_trace.h"
#include "cli/commands.h"
#include "db/db_error.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace {

bool HasSummaries(const TraceRecord& trace) {
  return trace.summary && trace.summary->profile_bins.has_value();
}

// The trace TRACE names, complete; DbError otherwise.
TraceRecord FindComplete(Archive& archive, const std::string& given) {
  std::optional<TraceRecord> trace = archive.catalog->FindTrace(given);
  if (!trace) throw DbError(archive.name(), "no trace '" + given + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive.name(), "trace " + std::to_string(trace->id) + " is " +
                                      std::string(StatusName(trace->status)) + ", not complete");
  }
  return *trace;
}

// Every complete trace without summaries, by id.
std::vector<std::string> Unsummarized(Archive& archive) {
  std::vector<std::string> ids;
  for (const TraceRecord& trace : archive.catalog->ListTraces()) {
    if (trace.status == TraceStatus::kComplete && !HasSummaries(trace)) {
      ids.push_back("id:" + std::to_string(trace.id));
    }
  }
  return ids;
}

void Report(const TraceRecord& trace, const SummaryRowCounts& rows) {
  std::cerr << "summarized " << TraceLabel(trace) << ": " << rows.states << " state, "
            << rows.events << " event, " << rows.variables << " variable, " << rows.links
            << " link and " << rows.profile << " profile rows\n";
}

// One trace in its own transaction; false (reported) when it failed.
bool SummarizeOne(Archive& archive, const std::string& given, const SummarizeOptions& options) {
  try {
    TraceRecord trace = FindComplete(archive, given);
    if (std::optional<SummaryRowCounts> rows =
            SummarizeTrace(*archive.reader, *archive.summaries, trace, options)) {
      Report(trace, *rows);
    } else {
      std::cerr << TraceLabel(trace) << " has summaries already; --force computes them again\n";
    }
    return true;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return false;
  }
}

}  // namespace

int RunSummarize(const SummarizeArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kChange);
  std::vector<std::string> traces = args.traces.empty() ? Unsummarized(*archive) : args.traces;
  if (traces.empty()) {
    std::cerr << archive->name() << ": every complete trace has its summaries; nothing to do\n";
    return 0;
  }
  int failed = 0;
  for (const std::string& given : traces) {
    if (!SummarizeOne(*archive, given, args.summarize)) ++failed;
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

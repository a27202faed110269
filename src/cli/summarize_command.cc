// tracedb summarize: computes the summaries of traces stored without them
// (loaded before schema 5), from their stored rows, so that the summary
// views answer for every trace (pipeline/summarize_trace.h).
#include <iostream>
#include <string>
#include <vector>

#include "analysis/analysed_trace.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "db/db_error.h"
#include "pipeline/summarize_trace.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace summarize_command {
namespace {

constexpr Option kOptions[] = {
    {"force", nullptr, "replace the summaries TRACEs have"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, kProfileBinsGroup, {kOptions}};

constexpr UsageForm kUsage[] = {
    {.operands = "[TRACE...]", .omit = "force"},
    {.operands = "TRACE...", .required = "force"},
};

constexpr const char* kDescription =
    "Compute the summaries (state_summary, event_summary, variable_summary,\n"
    "link_summary, state_profile) of traces an older tracedb loaded without\n"
    "them, from their stored rows, so that every summary view answers for\n"
    "them too: the TRACEs given, or every complete trace without summaries.\n"
    "They are what an ingest computes (--profile-bins as in ingest), but for\n"
    "the last bits of sums added up in another order (state_profile's).\n"
    "Each trace's summaries are stored in one transaction: ctrl-C, or a\n"
    "failure, leaves it as it was. A TRACE that has summaries is left alone\n"
    "unless --force, which replaces them. One line per trace on stderr; exit\n"
    "code 1 when any trace could not be summarized (unknown, failed, still\n"
    "loading).\n";

constexpr const char* kExamples =
    "# After upgrading an archive: every old trace\n"
    "tracedb summarize --db runs.sqlite\n"
    "# Trace 3 again, in 4000 time bins\n"
    "tracedb summarize --force --profile-bins 4000 3\n";

struct SummarizeArgs {
  std::string db;
  std::vector<std::string> traces;  // ids or names; none: every complete trace without summaries
  SummarizeOptions summarize;       // --profile-bins, --force
};


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

int Summarize(const SummarizeArgs& args) {
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


int Run(const Arguments& arguments) {
  SummarizeArgs args{.db = DatabaseArgument(arguments), .traces = arguments.operands};
  args.summarize.profile_bins = ProfileBinsArgument(arguments);
  if (Flag(arguments, "force")) {
    // Every trace of the archive again is seldom what is meant.
    if (args.traces.empty()) throw UsageError("--force needs TRACE: the traces to summarize again");
    args.summarize.existing = ExistingSummaries::kReplace;
  }
  return Summarize(args);
}

}  // namespace
}  // namespace summarize_command

const Command kSummarizeCommand{
    .name = "summarize",
    .summary = "compute the summaries of traces loaded before schema 5",
    .usage = summarize_command::kUsage,
    .options = summarize_command::kGroups,
    .description = summarize_command::kDescription,
    .examples = summarize_command::kExamples,
    .run = summarize_command::Run,
};

}  // namespace tracedb

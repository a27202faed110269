// tracedb report: one self-contained HTML page about a trace
// (report/trace_report.h), written whole or not at all.
#include <string>

#include "analysis/analysed_trace.h"
#include "cli/commands.h"
#include "cli/trace_window.h"
#include "pipeline/open_archive.h"
#include "report/trace_report.h"
#include "results/whole_file.h"

namespace tracedb {

int RunReport(const ReportArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  RequireStates(*archive->catalog, trace);
  ReportOptions options;
  if (args.window.from || args.window.to) {
    options.window = ChosenWindow(*archive, trace, args.window);
  }
  std::string output =
      args.output.empty() ? "trace-" + std::to_string(trace.id) + ".html" : args.output;
  WriteWholeFile(output, TraceReport(*archive->reader, trace, options));
  return 0;
}

}  // namespace tracedb

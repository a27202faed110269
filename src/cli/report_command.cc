// tracedb report: one self-contained HTML page about a trace
// (report/trace_report.h), written whole or not at all.
#include <string>

#include "analysis/analysed_trace.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/trace_window.h"
#include "pipeline/open_archive.h"
#include "report/trace_report.h"
#include "results/whole_file.h"

namespace tracedb {
namespace report_command {
namespace {

constexpr Option kOptions[] = {
    {"o,output", "FILE.html", "the HTML file to write (default: trace-ID.html)"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}, kWindowGroup};

constexpr UsageForm kUsage[] = {{.operands = "TRACE"}};

constexpr const char* kDescription =
    "Write one self-contained HTML page about a complete trace, to open in\n"
    "a browser, offline too (inline CSS, SVG and a little JavaScript;\n"
    "nothing from the network): the trace's facts; the space-time chart\n"
    "(as tracedb plot gantt draws it, with the links as arrows while at\n"
    "most 2,000 are in view); utilisation over time, stacked per state\n"
    "value; the flat profile, bars and table; the communication matrix,\n"
    "heatmap and its busiest pairs. Hovering any mark shows what it is.\n"
    "--from/--to show a window of the trace (the communication matrix stays\n"
    "the whole trace's). The file, trace-ID.html here unless -o, is written\n"
    "whole or not at all; its folder must exist.\n";

constexpr const char* kExamples =
    "tracedb report -o run3.html 3 && xdg-open run3.html\n";

struct ReportArgs {
  std::string db;
  std::string trace;
  std::string output;  // -o FILE.html; default trace-ID.html here
  WindowArgs window;   // --from, --to
};


int Report(const ReportArgs& args) {
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


int Run(const Arguments& arguments) {
  return Report(ReportArgs{.db = DatabaseArgument(arguments),
                           .trace = OneOperand(arguments, "TRACE"),
                           .output = Text(arguments, "output").value_or(""),
                           .window = WindowArguments(arguments)});
}

}  // namespace
}  // namespace report_command

const Command kReportCommand{
    .name = "report",
    .summary = "write a trace's HTML report: Gantt chart, profile, matrix",
    .usage = report_command::kUsage,
    .options = report_command::kGroups,
    .description = report_command::kDescription,
    .examples = report_command::kExamples,
    .run = report_command::Run,
};

}  // namespace tracedb

// tracedb plot: one chart of a trace as a standalone SVG file, for papers
// and slides (chart/, drawn from analysis/).
#include <cstdio>
#include <string>

#include "analysis/analysed_trace.h"
#include "analysis/gantt_data.h"
#include "chart/gantt_svg.h"
#include "cli/commands.h"
#include "cli/trace_window.h"
#include "output/whole_file.h"
#include "pipeline/open_archive.h"

namespace tracedb {

int RunPlot(const PlotArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive, args.trace);
  GanttOptions options{.columns = args.width, .type = args.type};
  if (args.window.from || args.window.to)
    options.window = ChosenWindow(*archive, trace, args.window);
  WriteWholeFile(args.output, GanttSvg(ReadGantt(*archive, trace, options)));
  return 0;
}

}  // namespace tracedb

// tracedb plot: one chart of a trace as a standalone SVG file, for papers
// and slides (chart/, drawn from analysis/).
#include <optional>
#include <string>

#include "analysis/analysed_trace.h"
#include "analysis/comm_matrix.h"
#include "analysis/flat_profile.h"
#include "analysis/gantt_data.h"
#include "analysis/utilisation_data.h"
#include "chart/bars_svg.h"
#include "chart/gantt_svg.h"
#include "chart/heatmap_svg.h"
#include "chart/utilisation_svg.h"
#include "cli/commands.h"
#include "cli/trace_window.h"
#include "db/db_error.h"
#include "pipeline/open_archive.h"
#include "results/whole_file.h"

namespace tracedb {
namespace {

std::string CommSvg(Archive& archive, const TraceRecord& trace) {
  std::optional<CommPicture> picture = ReadCommPicture(*archive.reader, trace);
  if (!picture) {
    throw DbError(archive.name(), TraceLabel(trace) + " has no links between containers");
  }
  std::string title =
      picture->whole ? ": messages, row to column" : ": messages between the busiest containers";
  return HeatmapSvg({.title = TraceLabel(trace) + title,
                     .labels = picture->square.paths,
                     .messages = picture->square.messages,
                     .bytes = picture->square.bytes});
}

std::string UtilisationChart(Archive& archive, const TraceRecord& trace,
                             const std::optional<TimeWindow>& window,
                             const std::optional<std::string>& type) {
  Utilisation chart = ReadUtilisation(*archive.reader, trace, window, type);
  chart.title = TraceLabel(trace) + ": containers in each state value over time";
  return UtilisationSvg(chart);
}

std::string ProfileChart(Archive& archive, const TraceRecord& trace,
                         const std::optional<TimeWindow>& window,
                         const std::optional<std::string>& type) {
  ProfileBars chart = ReadDrawnProfile(*archive.reader, trace, window, type).bars;
  chart.title = TraceLabel(trace) + ": time per state value (pale: inclusive; solid: exclusive)";
  return ProfileBarsSvg(chart);
}

std::string Svg(Archive& archive, const TraceRecord& trace, const PlotArgs& args,
                const std::optional<TimeWindow>& window) {
  switch (args.kind) {
    case PlotKind::kUtilisation:
      return UtilisationChart(archive, trace, window, args.type);
    case PlotKind::kProfile:
      return ProfileChart(archive, trace, window, args.type);
    case PlotKind::kComm:
      return CommSvg(archive, trace);
    case PlotKind::kGantt:
      break;
  }
  return GanttSvg(ReadGantt(*archive.reader, trace,
                            {.window = window, .columns = args.width, .type = args.type}));
}

}  // namespace

int RunPlot(const PlotArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  if (args.kind != PlotKind::kComm) RequireStates(*archive->catalog, trace);
  std::optional<TimeWindow> window;
  if (args.window.from || args.window.to) window = ChosenWindow(*archive, trace, args.window);
  WriteWholeFile(args.output, Svg(*archive, trace, args, window));
  return 0;
}

}  // namespace tracedb

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
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/trace_window.h"
#include "db/db_error.h"
#include "pipeline/open_archive.h"
#include "results/whole_file.h"

namespace tracedb {
namespace plot_command {
namespace {

constexpr Option kOptions[] = {
    {"o,output", "FILE.svg", "the SVG file to write"},
    {"width", "N", "pixels of the time axis (100 to 10000)", "1500"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}, kWindowGroup, kTypeGroup};

constexpr UsageForm kUsage[] = {
    {.operands = "gantt|utilisation|profile|comm TRACE", .required = "output"},
};

constexpr const char* kDescription =
    "Draw one chart of a complete trace as a standalone SVG file, for papers\n"
    "and slides. KIND:\n"
    "  gantt  the space-time chart: a row per container (and state type) in\n"
    "         hierarchy order, states coloured by the trace's own value colours\n"
    "         (a fixed palette otherwise), nested states drawn over their\n"
    "         parents, a time axis and a legend; hovering a state shows its\n"
    "         row, value, start, end and duration. Past 5,000 states in view,\n"
    "         each row is drawn per pixel column, in the colour of the value\n"
    "         on top for most of it (as Paraver does): the file's size stays\n"
    "         bounded by rows times --width, whatever the trace's size.\n"
    "  utilisation  containers in each state value over time, stacked.\n"
    "  profile  time per state value, inclusive and exclusive, as bars.\n"
    "  comm     the communication matrix as a heatmap (the whole trace).\n"
    "--from/--to draw a window of the trace (the other end: the trace's).\n"
    "FILE.svg is written whole or not at all; its folder must exist.\n";

constexpr const char* kExamples =
    "tracedb plot gantt -o ring.svg 1\n"
    "# One second of trace 3, 3000 pixels wide\n"
    "tracedb plot gantt --from 10 --to 11 --width 3000 -o zoom.svg 3\n";

enum class PlotKind { kGantt, kUtilisation, kProfile, kComm };

struct PlotArgs {
  PlotKind kind = PlotKind::kGantt;
  std::string db;
  std::string trace;
  std::string output;               // -o FILE.svg, replaced whole
  WindowArgs window;                // --from, --to
  int width = 1500;                 // --width: pixels of the Gantt's time axis
  std::optional<std::string> type;  // --type: the Gantt's state type
};


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

int Plot(const PlotArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  if (args.kind != PlotKind::kComm) RequireStates(*archive->catalog, trace);
  std::optional<TimeWindow> window;
  if (args.window.from || args.window.to) window = ChosenWindow(*archive, trace, args.window);
  WriteWholeFile(args.output, Svg(*archive, trace, args, window));
  return 0;
}


PlotKind PlotKindArgument(const std::string& kind) {
  if (kind == "gantt") return PlotKind::kGantt;
  if (kind == "utilisation") return PlotKind::kUtilisation;
  if (kind == "profile") return PlotKind::kProfile;
  if (kind == "comm") return PlotKind::kComm;
  throw UsageError("KIND must be gantt, utilisation, profile or comm, not '" + kind + "'");
}

int Run(const Arguments& arguments) {
  if (arguments.operands.size() != 2) throw UsageError("give KIND and TRACE");
  if (!Has(arguments, "output")) throw UsageError("missing -o FILE.svg");
  PlotArgs plot{.kind = PlotKindArgument(arguments.operands[0]),
                .db = DatabaseArgument(arguments),
                .trace = arguments.operands[1],
                .output = *Text(arguments, "output"),
                .window = WindowArguments(arguments),
                .width = static_cast<int>(Number(arguments, "width", 100, 10000)),
                .type = Text(arguments, "type")};
  if (plot.kind == PlotKind::kComm && (plot.type || plot.window.from || plot.window.to)) {
    throw UsageError(
        "plot comm draws the whole trace's links: --from, --to and --type"
        " do not apply");
  }
  return Plot(plot);
}

}  // namespace
}  // namespace plot_command

const Command kPlotCommand{
    .name = "plot",
    .summary = "draw a chart of a trace as an SVG file (gantt, profile...)",
    .usage = plot_command::kUsage,
    .options = plot_command::kGroups,
    .description = plot_command::kDescription,
    .examples = plot_command::kExamples,
    .run = plot_command::Run,
};

}  // namespace tracedb

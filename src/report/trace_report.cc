#include "report/trace_report.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysed_trace.h"
#include "analysis/comm_matrix.h"
#include "analysis/flat_profile.h"
#include "analysis/gantt_data.h"
#include "analysis/utilisation_data.h"
#include "analysis/variable_lines.h"
#include "chart/bars_svg.h"
#include "chart/gantt_svg.h"
#include "chart/heatmap_svg.h"
#include "chart/lines_svg.h"
#include "chart/svg_text.h"
#include "chart/time_axis.h"
#include "chart/utilisation_svg.h"
#include "report/flame_graphs.h"
#include "report/report_page.h"
#include "results/html_table.h"
#include "results/xml_text.h"

namespace tracedb {
namespace {

// The busiest pairs listed beside the heatmap.
constexpr int64_t kListedPairs = 20;
// The profile's rows listed beside its bars (a trace of 200,000 values
// wrote a report of 30 MB).
constexpr size_t kListedValues = 100;
// The variables' charts' width, in points per line.
constexpr int kVariableColumns = 1000;

std::string Time(double value, const TraceRecord& trace, int digits = 9) {
  return TimeText(value, TimeUnit(trace), digits);
}

// Digits enough for the span's two ends to differ in their last three:
// nine wrote "1e+15 to 1e+15" for a 5-second trace in microseconds since
// 1970.
int EndDigits(double start, double end) {
  if (!(end > start)) return 9;
  double far = std::max(std::abs(start), std::abs(end));
  return std::clamp(DigitsToTellApart(far, end - start) + 2, 9, 17);
}

// "START to END", each with EndDigits.
std::string Between(double start, double end, const TraceRecord& trace) {
  int digits = EndDigits(start, end);
  return Time(start, trace, digits) + " to " + Time(end, trace, digits);
}

std::string Note(const std::string& text) {
  return "<p class=\"note\">" + XmlEscaped(text) + "</p>\n";
}

std::string Chart(const std::string& svg) { return "<div class=\"chart\">\n" + svg + "</div>\n"; }

void AddFact(ResultTable* facts, const std::string& name, Cell value) {
  facts->rows.push_back({TextCell(name), std::move(value)});
}

ReportSection Facts(const TraceRecord& trace, const ReportOptions& options) {
  const TraceSummary& summary = *trace.summary;
  ResultTable facts{.columns = {"fact", "value"}};
  AddFact(&facts, "trace", TextCell(TraceLabel(trace)));
  AddFact(&facts, "file", TextCell(trace.info.path));
  AddFact(&facts, "format", TextCell(trace.info.format));
  AddFact(&facts, "size (bytes)",
          trace.info.size_bytes ? IntegerCell(*trace.info.size_bytes) : TextCell("unknown"));
  AddFact(&facts, "span",
          TextCell(Between(summary.start_time, summary.end_time, trace) + " (" +
                   Time(summary.end_time - summary.start_time, trace) + ")"));
  if (options.window) {
    AddFact(&facts, "window shown",
            TextCell(Between(options.window->from, options.window->to, trace)));
  }
  AddFact(&facts, "containers", IntegerCell(summary.container_count));
  AddFact(&facts, "states", IntegerCell(summary.state_count));
  AddFact(&facts, "events", IntegerCell(summary.event_count));
  AddFact(&facts, "variable intervals", IntegerCell(summary.variable_count));
  AddFact(&facts, "links", IntegerCell(summary.link_count));
  AddFact(&facts, "ingested",
          TextCell(trace.ingested_at + " by tracedb " + trace.info.tool_version));
  AddFact(&facts, "bad lines skipped", IntegerCell(summary.skipped_lines));
  if (trace.info.comment) AddFact(&facts, "comment", TextCell(*trace.info.comment));
  for (const ExtraField& tag : trace.info.tags) {
    AddFact(&facts, "tag " + tag.name, TextCell(tag.value));
  }
  AddFact(&facts, "sha256", TextCell(trace.info.sha256));
  return {"facts", "The trace", HtmlTable(facts, "facts")};
}

ReportSection Gantt(TraceReader& reader, const TraceRecord& trace, const ReportOptions& options) {
  GanttChart chart =
      ReadGantt(reader, trace, {.window = options.window, .columns = options.columns});
  std::string body = Chart(GanttSvg(chart));
  if (chart.aggregated) {
    body += Note("Each pixel column shows the state value on top for most of its time.");
  }
  if (!chart.note.empty()) body += Note(chart.note);
  return {"gantt", "Space-time", body};
}

ReportSection UtilisationSection(TraceReader& reader, const TraceRecord& trace,
                                 const ReportOptions& options) {
  Utilisation chart = ReadUtilisation(reader, trace, options.window);
  std::string body =
      chart.bins == 0 ? Note("No state time to show.") : Chart(UtilisationSvg(chart));
  return {"utilisation", "Utilisation over time", body};
}

// The variables' lines, where the trace has variables.
std::optional<ReportSection> Variables(TraceReader& reader, const TraceRecord& trace,
                                       const ReportOptions& options) {
  VariableLines lines = ReadVariableLines(reader, trace, options.window, kVariableColumns);
  if (lines.charts.empty()) return std::nullopt;
  std::string body;
  for (const LineChart& chart : lines.charts) body += Chart(LinesSvg(chart));
  if (lines.types > lines.charts.size()) {
    body += Note("The first " + std::to_string(lines.charts.size()) + " of " +
                 std::to_string(lines.types) + " variable types, by name.");
  }
  return ReportSection{"variables", "Variables", body};
}

// The share column (the last) as percentages with one decimal, as the
// text table of `tracedb profile` shows it ("91.2%"); still numbers, so
// they stay aligned as numbers.
void SharesAsPercent(ResultTable* table) {
  if (table->columns.empty() || table->columns.back() != "share") return;
  table->columns.back() = "share (%)";
  for (std::vector<Cell>& row : table->rows) {
    if (row.back().kind != CellKind::kReal) continue;
    row.back() = RealCell(std::round(std::stod(row.back().text) * 1000) / 10);
  }
}

ReportSection Profile(TraceReader& reader, const TraceRecord& trace, const ReportOptions& options) {
  DrawnProfile profile = ReadDrawnProfile(reader, trace, options.window, {}, kListedValues);
  RoundReals(&profile.table, 6);
  SharesAsPercent(&profile.table);
  std::string body = "<div class=\"pair\">\n" + Chart(ProfileBarsSvg(profile.bars)) +
                     HtmlTable(profile.table, "profile") + "</div>\n";
  if (profile.values > kListedValues) {
    body += Note("The " + std::to_string(kListedValues) + " values of most time, of " +
                 std::to_string(profile.values) + ": tracedb profile lists them all.");
  }
  return {"profile", "Profile", body};
}

ResultTable BusiestPairs(TraceReader& reader, const TraceRecord& trace) {
  ResultTable table{.columns = CommColumns(trace)};
  CommSink sink{.square = [](const std::optional<CommSquare>&) {},
                .pair = [&](std::vector<Cell> row) { table.rows.push_back(std::move(row)); }};
  ReadCommMatrix(reader, trace, {.limit = kListedPairs}, sink);
  RoundReals(&table, 6);
  return table;
}

ReportSection Comm(TraceReader& reader, const TraceRecord& trace) {
  std::optional<CommPicture> picture = ReadCommPicture(reader, trace);
  if (!picture) return {"comm", "Communication", Note("No links between containers.")};
  Heatmap heatmap{.title = picture->whole ? "Messages, row to column"
                                          : "Messages between the busiest containers",
                  .labels = picture->square.paths,
                  .messages = picture->square.messages,
                  .bytes = picture->square.bytes};
  std::string body = "<div class=\"pair\">\n" + Chart(HeatmapSvg(heatmap)) +
                     HtmlTable(BusiestPairs(reader, trace), "comm") + "</div>\n";
  if (!picture->whole)
    body += Note(
        "More containers talk than fit the heatmap: it shows those of the busiest pairs; tracedb "
        "comm lists them all.");
  return {"comm", "Communication (the whole trace)", body};
}

}  // namespace

std::string TraceReport(TraceReader& reader, const TraceRecord& trace,
                        const ReportOptions& options) {
  std::vector<ReportSection> sections = {Facts(trace, options), Gantt(reader, trace, options),
                                         UtilisationSection(reader, trace, options)};
  if (auto variables = Variables(reader, trace, options)) sections.push_back(*variables);
  sections.push_back(Profile(reader, trace, options));
  // The whole trace's: the call paths are summaries, which know no window.
  if (auto paths = FlameGraphs(reader, trace)) sections.push_back(*paths);
  sections.push_back(Comm(reader, trace));
  return ReportPage(trace.info.name, sections);
}

}  // namespace tracedb

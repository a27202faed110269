#include "chart/gantt_svg.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "chart/colors.h"
#include "chart/gantt_cells.h"
#include "chart/png_image.h"
#include "chart/svg_parts.h"
#include "chart/svg_text.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

constexpr double kTop = 30;  // the title above the rows
constexpr double kRight = 20;
constexpr double kAxis = 40;  // the axis below them
constexpr double kMaxRowsHeight = 800;
// Past this many rows (fewer for a wide chart: at most kMaxPixels), an
// aggregated chart's rows share pixel rows: a taller picture shows no more,
// and its pixels took memory and file size in proportion to the
// containers (50,000 rows: 392 MB to draw).
constexpr size_t kMaxPixelRows = 4000;
constexpr size_t kMaxPixels = 6'000'000;

size_t MaxPixelRows(int width) {
  return std::clamp<size_t>(kMaxPixels / static_cast<size_t>(std::max(width, 1)),
                            static_cast<size_t>(kMaxRowsHeight), kMaxPixelRows);
}

struct Layout {
  double left = 0;  // where time starts
  double row = 16;  // row height
  double rows_bottom = 0;
  LegendLayout legend;
  double height = 0;
  double width = 0;
};

// Rows are 16 px high, lower to fit in 800 px, at least 1 px until there
// are MaxPixelRows; past that the rows fill MaxPixelRows px.
double RowHeight(size_t rows, int width) {
  if (rows == 0) return 16;
  if (size_t most = MaxPixelRows(width); rows > most) {
    return static_cast<double>(most) / static_cast<double>(rows);
  }
  return std::clamp(kMaxRowsHeight / static_cast<double>(rows), 1.0, 16.0);
}

size_t InView(const GanttChart& chart) {
  return static_cast<size_t>(std::count_if(chart.values.begin(), chart.values.end(),
                                           [](const GanttValue& v) { return v.in_view; }));
}

// The values in view that the legend leaves out.
size_t Unlisted(const GanttChart& chart) {
  return InView(chart) - std::min(InView(chart), kLegendValues);
}

Layout LayOut(const GanttChart& chart, const std::vector<GanttValue>& legend) {
  Layout layout;
  layout.row = RowHeight(chart.rows.size(), chart.width);
  size_t longest = 0;
  for (const GanttRow& row : chart.rows) longest = std::max(longest, CharCount(row.label));
  layout.left = layout.row >= 8 ? std::clamp(longest * kCharWidth + 12, 60.0, 300.0) : 20;
  layout.rows_bottom = kTop + layout.row * chart.rows.size();
  layout.width = layout.left + chart.width + kRight;
  layout.legend = LegendColumns(legend, layout.width, 180, SIZE_MAX);
  layout.legend.top = layout.rows_bottom + kAxis;
  layout.height = layout.legend.top + LegendHeight(legend.size(), layout.legend.columns) + 10;
  if (Unlisted(chart) > 0) layout.height += kLegendLine;  // AppendUnlisted's line
  return layout;
}

double X(const GanttChart& chart, const Layout& layout, double time) {
  // A trace whose every time is one instant has no width to spread over:
  // its bars sit at the left edge (0/0 drew them at x="-nan").
  if (!(chart.to > chart.from)) return layout.left;
  double clipped = std::clamp(time, chart.from, chart.to);
  return layout.left + (clipped - chart.from) / (chart.to - chart.from) * chart.width;
}

std::string Seconds(double value, const GanttChart& chart) {
  return TimeText(value, chart.unit, 9);
}

std::string Tooltip(const GanttChart& chart, const GanttRow& row, const GanttBar& bar) {
  std::string what = chart.values[bar.value].name;
  if (chart.aggregated) what += " (most of this time)";
  return row.label + "\n" + what + "\nstart " + Seconds(bar.start, chart) + ", end " +
         Seconds(bar.end, chart) + ", duration " + Seconds(bar.end - bar.start, chart);
}

// A nested bar is inset by 2 px a level, while 2 px of it remain.
void AppendBar(std::string* out, const GanttChart& chart, const Layout& layout, size_t index,
               const GanttBar& bar) {
  double inset = std::min(bar.depth * 2.0, std::max(0.0, (layout.row - 2) / 2 - 1));
  double y = kTop + index * layout.row + inset + (layout.row >= 4 ? 1 : 0);
  double height = layout.row - 2 * inset - (layout.row >= 4 ? 2 : 0);
  double x = X(chart, layout, bar.start);
  double width = std::max(X(chart, layout, bar.end) - x, chart.aggregated ? 0.0 : 0.5);
  *out += "<rect class=\"state\" x=\"" + Px(x) + "\" y=\"" + Px(y) + "\" width=\"" + Px(width) +
          "\" height=\"" + Px(height) + "\" fill=\"" + chart.values[bar.value].color + "\">" +
          TitleElement(Tooltip(chart, chart.rows[index], bar)) + "</rect>\n";
}

uint32_t Rgb(const std::string& color) {
  return static_cast<uint32_t>(std::stoul(color.substr(1), nullptr, 16));
}

// Index 0 see-through (no state), then the values, busiest first; past
// kPaletteValues of them the rest share a grey.
PaletteImage CellImage(const GanttChart& chart, const PixelRows& cells) {
  PaletteImage image{.width = static_cast<uint32_t>(cells.width),
                     .height = static_cast<uint32_t>(cells.height),
                     .palette = {0xffffff},
                     .transparent = 0};
  for (size_t i = 0; i < chart.values.size() && i < kPaletteValues; ++i) {
    image.palette.push_back(Rgb(chart.values[i].color));
  }
  if (chart.values.size() > kPaletteValues) image.palette.push_back(Rgb(kOtherValuesColor));
  image.pixels.resize(cells.cells.size());
  std::transform(cells.cells.begin(), cells.cells.end(), image.pixels.begin(),
                 [](uint16_t cell) { return static_cast<uint8_t>(std::min<int>(cell, 255)); });
  return image;
}

std::string CellsTitle(const PixelRows& cells) {
  std::string title = "each pixel column: the value that covers most of it";
  if (cells.rows_per_pixel == 1) return title;
  return title + ", in most of the " + std::to_string(cells.rows_per_pixel) +
         " rows of each pixel row";
}

// One pixel per row (or group of rows) and column, stretched to the rows'
// height.
void AppendCells(std::string* out, const GanttChart& chart, const Layout& layout) {
  PixelRows cells = GroupRows(chart.rows, static_cast<size_t>(std::max(chart.width, 1)),
                              MaxPixelRows(chart.width));
  *out += "<image class=\"cells\" x=\"" + Px(layout.left) + "\" y=\"" + Px(kTop) + "\" width=\"" +
          Px(chart.width) + "\" height=\"" + Px(layout.row * chart.rows.size()) +
          "\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" href=\"" +
          PngDataUri(PalettePng(CellImage(chart, cells))) + "\"><title>" + CellsTitle(cells) +
          "</title></image>\n";
}

void AppendRows(std::string* out, const GanttChart& chart, const Layout& layout) {
  *out += "<g class=\"rows\">\n";
  if (chart.aggregated) AppendCells(out, chart, layout);
  for (size_t index = 0; index < chart.rows.size(); ++index) {
    const GanttRow& row = chart.rows[index];
    if (layout.row >= 8) {
      *out += "<text class=\"row-label\" x=\"" + Px(layout.left - 6) + "\" y=\"" +
              Px(kTop + (index + 0.5) * layout.row + 4) + "\" text-anchor=\"end\">" +
              FittedLabel(row.label, layout.left - 12, Cut::kStart) + "</text>\n";
    }
    for (const GanttBar& bar : row.bars) AppendBar(out, chart, layout, index, bar);
  }
  *out += "</g>\n";
}

// Arrows from a row's middle at the link's start to the other's at its
// end; one marker for all.
void AppendArrows(std::string* out, const GanttChart& chart, const Layout& layout) {
  if (chart.arrows.empty()) return;
  *out +=
      "<defs><marker id=\"arrow\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" "
      "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0 0L6 3L0 6Z\" "
      "fill=\"#222\"/></marker></defs>\n<g class=\"links\">\n";
  for (const GanttArrow& arrow : chart.arrows) {
    double y1 = kTop + (arrow.from_row + 0.5) * layout.row;
    double y2 = kTop + (arrow.to_row + 0.5) * layout.row;
    std::string title = arrow.label + "\n" + chart.rows[arrow.from_row].label + " -> " +
                        chart.rows[arrow.to_row].label + "\nstart " + Seconds(arrow.start, chart) +
                        ", end " + Seconds(arrow.end, chart) + ", duration " +
                        Seconds(arrow.end - arrow.start, chart);
    *out += "<line class=\"link\" x1=\"" + Px(X(chart, layout, arrow.start)) + "\" y1=\"" + Px(y1) +
            "\" x2=\"" + Px(X(chart, layout, arrow.end)) + "\" y2=\"" + Px(y2) +
            "\" stroke=\"#222\" stroke-width=\"1\" marker-end=\"url(#arrow)\">" +
            TitleElement(title) + "</line>\n";
  }
  *out += "</g>\n";
}

void AppendAxis(std::string* out, const GanttChart& chart, const Layout& layout) {
  *out += "<g class=\"axis\">\n";
  AppendTimeAxis(out, {.left = layout.left,
                       .width = static_cast<double>(chart.width),
                       .y = layout.rows_bottom + 4,
                       .from = chart.from,
                       .to = chart.to,
                       .ticks = std::max(2, chart.width / 100),
                       .unit = chart.unit,
                       .tick_marks = true});
  *out += "</g>\n";
}

// The kLegendValues busiest values in view, by name, and the grey of the
// values past the palette if one is in view.
std::vector<GanttValue> Legend(const GanttChart& chart) {
  std::vector<GanttValue> legend;
  bool grey = false;  // a value past the palette is in view
  for (size_t i = 0; i < chart.values.size(); ++i) {
    if (!chart.values[i].in_view) continue;
    if (legend.size() < kLegendValues) legend.push_back(chart.values[i]);
    grey = grey || i >= kPaletteValues;
  }
  std::stable_sort(legend.begin(), legend.end(),
                   [](const GanttValue& a, const GanttValue& b) { return a.name < b.name; });
  if (chart.aggregated && grey) {
    legend.push_back(
        {"after the " + std::to_string(kPaletteValues) + " busiest", kOtherValuesColor});
  }
  return legend;
}

// A line of its own under the legend, for the values it leaves out.
void AppendUnlisted(std::string* out, const GanttChart& chart, double y) {
  if (Unlisted(chart) == 0) return;
  *out += "<text class=\"unlisted\" x=\"10\" y=\"" + Px(y + 10) + "\">and " +
          std::to_string(Unlisted(chart)) + " more values (tracedb profile lists all)</text>\n";
}

}  // namespace

std::string GanttSvg(const GanttChart& chart) {
  std::vector<GanttValue> legend = Legend(chart);
  Layout layout = LayOut(chart, legend);
  std::string out = SvgStart("gantt", layout.width, layout.height, chart.title);
  AppendRows(&out, chart, layout);
  AppendArrows(&out, chart, layout);
  AppendAxis(&out, chart, layout);
  AppendLegend(&out, legend, layout.legend);
  AppendUnlisted(&out, chart,
                 layout.legend.top + LegendHeight(legend.size(), layout.legend.columns));
  if (!chart.note.empty()) out += "<desc>" + XmlEscaped(chart.note) + "</desc>\n";
  return out + "</svg>\n";
}

}  // namespace tracedb

#include "chart/lines_svg.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "chart/svg_parts.h"
#include "chart/svg_text.h"
#include "chart/time_axis.h"

namespace tracedb {
namespace {

constexpr double kLeft = 70, kTop = 30, kHeight = 200;
constexpr size_t kLegendColumns = 4;

struct Range {
  double low = 0;
  double high = 1;
};

Range ValueRange(const LineChart& chart) {
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Line& line : chart.lines) {
    for (const auto& point : line.points) {
      if (point) low = std::min(low, *point), high = std::max(high, *point);
    }
  }
  if (!(low <= high)) return {};
  if (low == high) return {low - 1, high + 1};
  return {low, high};
}

double Y(const Range& range, double value) {
  return kTop + kHeight - (value - range.low) / (range.high - range.low) * kHeight;
}

// "M x y L x y ...", a new "M" after each gap.
std::string Path(const Line& line, const Range& range) {
  std::string path;
  bool drawing = false;
  for (size_t column = 0; column < line.points.size(); ++column) {
    if (!line.points[column]) {
      drawing = false;
      continue;
    }
    path +=
        (drawing ? "L" : "M") + Px(kLeft + column + 0.5) + " " + Px(Y(range, *line.points[column]));
    drawing = true;
  }
  return path;
}

// The time axis, the values up the left.
void AppendAxes(std::string* out, const LineChart& chart, const Range& range) {
  *out += "<g class=\"axis\">\n";
  AppendTimeAxis(out, {.left = kLeft,
                       .width = static_cast<double>(chart.columns),
                       .y = kTop + kHeight,
                       .from = chart.from,
                       .to = chart.to,
                       .ticks = std::max(2, chart.columns / 100),
                       .unit = chart.unit});
  for (const Tick& tick : TimeTicks(range.low, range.high, 4)) {
    *out += "<text x=\"" + Px(kLeft - 6) + "\" y=\"" + Px(Y(range, tick.time) + 4) +
            "\" text-anchor=\"end\">" + XmlEscaped(tick.label) + "</text>\n";
  }
  *out += "</g>\n";
}

}  // namespace

std::string LinesSvg(const LineChart& chart) {
  Range range = ValueRange(chart);
  double width = kLeft + chart.columns + 20;
  LegendLayout legend = LegendColumns(chart.lines, width, 240, kLegendColumns);
  legend.top = kTop + kHeight + 44;
  legend.swatch_height = 3;
  double height = kTop + kHeight + 50 + LegendHeight(chart.lines.size(), legend.columns);
  std::string out = SvgStart("variables", width, height, chart.title);
  for (const Line& line : chart.lines) {
    out += "<path class=\"line\" d=\"" + Path(line, range) + "\" fill=\"none\" stroke=\"" +
           line.color + "\" stroke-width=\"1.5\">" + TitleElement(line.name) + "</path>\n";
  }
  AppendAxes(&out, chart, range);
  AppendLegend(&out, chart.lines, legend);
  return out + "</svg>\n";
}

}  // namespace tracedb

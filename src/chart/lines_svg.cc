#include "chart/lines_svg.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "chart/svg_text.h"
#include "chart/time_axis.h"

namespace tracedb {
namespace {

constexpr double kLeft = 70, kTop = 30, kHeight = 200;

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

void AppendAxes(std::string* out, const LineChart& chart, const Range& range) {
  double bottom = kTop + kHeight, width = chart.columns;
  *out += "<g class=\"axis\"><line x1=\"" + Px(kLeft) + "\" y1=\"" + Px(bottom) + "\" x2=\"" +
          Px(kLeft + width) + "\" y2=\"" + Px(bottom) + "\" stroke=\"#444\"/>\n";
  for (const Tick& tick : TimeTicks(chart.from, chart.to, std::max(2, chart.columns / 100))) {
    double x = kLeft + (tick.time - chart.from) / (chart.to - chart.from) * width;
    *out += "<text x=\"" + Px(x) + "\" y=\"" + Px(bottom + 16) + "\" text-anchor=\"middle\">" +
            XmlEscaped(tick.label) + "</text>\n";
  }
  for (const Tick& tick : TimeTicks(range.low, range.high, 4)) {
    *out += "<text x=\"" + Px(kLeft - 6) + "\" y=\"" + Px(Y(range, tick.time) + 4) +
            "\" text-anchor=\"end\">" + XmlEscaped(tick.label) + "</text>\n";
  }
  std::string unit = chart.unit.empty() ? "time" : "time (" + chart.unit + ")";
  *out += "<text x=\"" + Px(kLeft + width) + "\" y=\"" + Px(bottom + 32) +
          "\" text-anchor=\"end\">" + unit + "</text></g>\n";
}

void AppendLegend(std::string* out, const LineChart& chart) {
  *out += "<g class=\"legend\">\n";
  for (size_t i = 0; i < chart.lines.size(); ++i) {
    double x = 10 + (i % 4) * 240, y = kTop + kHeight + 44 + (i / 4) * 18.0;
    *out += "<rect class=\"swatch\" x=\"" + Px(x) + "\" y=\"" + Px(y) +
            "\" width=\"12\" height=\"3\" fill=\"" + chart.lines[i].color + "\"/><text x=\"" +
            Px(x + 16) + "\" y=\"" + Px(y + 6) + "\">" + XmlEscaped(chart.lines[i].name) +
            "</text>\n";
  }
  *out += "</g>\n";
}

}  // namespace

std::string LinesSvg(const LineChart& chart) {
  Range range = ValueRange(chart);
  double width = kLeft + chart.columns + 20;
  double height = kTop + kHeight + 50 + std::ceil(chart.lines.size() / 4.0) * 18;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"variables\" width=\"" +
                    Px(width) + "\" height=\"" + Px(height) + "\" viewBox=\"0 0 " + Px(width) +
                    " " + Px(height) + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  out += "<text class=\"title\" x=\"10\" y=\"18\" font-size=\"14\">" + XmlEscaped(chart.title) +
         "</text>\n";
  for (const Line& line : chart.lines) {
    out += "<path class=\"line\" d=\"" + Path(line, range) + "\" fill=\"none\" stroke=\"" +
           line.color + "\" stroke-width=\"1.5\"><title>" + XmlEscaped(line.name) +
           "</title></path>\n";
  }
  AppendAxes(&out, chart, range);
  AppendLegend(&out, chart);
  return out + "</svg>\n";
}

}  // namespace tracedb

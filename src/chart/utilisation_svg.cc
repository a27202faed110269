#include "chart/utilisation_svg.h"

#include <algorithm>
#include <cmath>

#include "chart/svg_text.h"
#include "chart/time_axis.h"
#include "output/result_table.h"

namespace tracedb {
namespace {

constexpr double kLeft = 60, kTop = 30, kWidth = 1000, kHeight = 220;

double Highest(const Utilisation& chart) {
  double highest = 0;
  for (size_t bin = 0; bin < chart.bins; ++bin) {
    double sum = 0;
    for (const UtilisationSeries& series : chart.series) sum += series.average[bin];
    highest = std::max(highest, sum);
  }
  return highest > 0 ? highest : 1;
}

double X(const Utilisation& chart, double bin) { return kLeft + bin / chart.bins * kWidth; }

// The area between `below` and below + series, bin by bin as steps.
std::string Area(const Utilisation& chart, const std::vector<double>& below,
                 const std::vector<double>& top, double scale) {
  std::string path = "M";
  for (size_t bin = 0; bin < chart.bins; ++bin) {
    double y = kTop + kHeight - top[bin] * scale;
    path += Px(X(chart, bin)) + " " + Px(y) + "L" + Px(X(chart, bin + 1)) + " " + Px(y) + "L";
  }
  for (size_t bin = chart.bins; bin-- > 0;) {
    double y = kTop + kHeight - below[bin] * scale;
    path += Px(X(chart, bin + 1)) + " " + Px(y) + "L" + Px(X(chart, bin)) + " " + Px(y) +
            (bin > 0 ? "L" : "Z");
  }
  return path;
}

void AppendAxes(std::string* out, const Utilisation& chart, double highest) {
  double bottom = kTop + kHeight, to = chart.from + chart.bin * chart.bins;
  *out += "<g class=\"axis\"><line x1=\"" + Px(kLeft) + "\" y1=\"" + Px(bottom) + "\" x2=\"" +
          Px(kLeft + kWidth) + "\" y2=\"" + Px(bottom) + "\" stroke=\"#444\"/>\n";
  for (const Tick& tick : TimeTicks(chart.from, to, 10)) {
    double x = kLeft + (tick.time - chart.from) / (to - chart.from) * kWidth;
    *out += "<text x=\"" + Px(x) + "\" y=\"" + Px(bottom + 16) + "\" text-anchor=\"middle\">" +
            XmlEscaped(tick.label) + "</text>\n";
  }
  for (const Tick& tick : TimeTicks(0, highest, 4)) {
    double y = bottom - tick.time / highest * kHeight;
    *out += "<text x=\"" + Px(kLeft - 6) + "\" y=\"" + Px(y + 4) + "\" text-anchor=\"end\">" +
            XmlEscaped(tick.label) + "</text>\n";
  }
  std::string unit = chart.unit.empty() ? "time" : "time (" + chart.unit + ")";
  *out += "<text x=\"" + Px(kLeft + kWidth) + "\" y=\"" + Px(bottom + 32) +
          "\" text-anchor=\"end\">" + unit + "</text><text x=\"" + Px(kLeft + 4) + "\" y=\"" + Px(kTop + 10) +
          "\">containers</text></g>\n";
}

void AppendLegend(std::string* out, const Utilisation& chart) {
  *out += "<g class=\"legend\">\n";
  for (size_t i = 0; i < chart.series.size(); ++i) {
    double x = 10 + (i % 6) * 180, y = kTop + kHeight + 44 + (i / 6) * 18.0;
    *out += "<rect class=\"swatch\" x=\"" + Px(x) + "\" y=\"" + Px(y) +
            "\" width=\"12\" height=\"12\" fill=\"" + chart.series[i].color + "\"/><text x=\"" +
            Px(x + 16) + "\" y=\"" + Px(y + 10) + "\">" + XmlEscaped(chart.series[i].name) +
            "</text>\n";
  }
  *out += "</g>\n";
}

}  // namespace

std::string UtilisationSvg(const Utilisation& chart) {
  double width = kLeft + kWidth + 20;
  double height = kTop + kHeight + 50 + std::ceil(chart.series.size() / 6.0) * 18;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"utilisation\" width=\"" +
                    Px(width) + "\" height=\"" + Px(height) + "\" viewBox=\"0 0 " + Px(width) +
                    " " + Px(height) + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  out += "<text class=\"title\" x=\"10\" y=\"18\" font-size=\"14\">" + XmlEscaped(chart.title) +
         "</text>\n";
  double highest = Highest(chart), scale = kHeight / highest;
  std::vector<double> below(chart.bins, 0), top(chart.bins, 0);
  for (const UtilisationSeries& series : chart.series) {
    for (size_t bin = 0; bin < chart.bins; ++bin) top[bin] = below[bin] + series.average[bin];
    out += "<path class=\"area\" d=\"" + Area(chart, below, top, scale) + "\" fill=\"" +
           series.color + "\"><title>" + XmlEscaped(series.name) + "</title></path>\n";
    below = top;
  }
  if (chart.bins > 0) AppendAxes(&out, chart, highest);
  AppendLegend(&out, chart);
  return out + "</svg>\n";
}

}  // namespace tracedb

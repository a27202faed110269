#include "chart/utilisation_svg.h"

#include <algorithm>
#include <cmath>

#include "chart/svg_parts.h"
#include "chart/svg_text.h"
#include "chart/time_axis.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

constexpr double kLeft = 60, kTop = 30, kWidth = 1000, kHeight = 220;
constexpr size_t kLegendColumns = 6;

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

// The time axis, the count of containers up the left.
void AppendAxes(std::string* out, const Utilisation& chart, double highest) {
  double bottom = kTop + kHeight;
  *out += "<g class=\"axis\">\n";
  AppendTimeAxis(out, {.left = kLeft,
                       .width = kWidth,
                       .y = bottom,
                       .from = chart.from,
                       .to = chart.from + chart.bin * chart.bins,
                       .ticks = 10,
                       .unit = chart.unit});
  for (const Tick& tick : TimeTicks(0, highest, 4)) {
    double y = bottom - tick.time / highest * kHeight;
    *out += "<text x=\"" + Px(kLeft - 6) + "\" y=\"" + Px(y + 4) + "\" text-anchor=\"end\">" +
            XmlEscaped(tick.label) + "</text>\n";
  }
  *out += "<text x=\"" + Px(kLeft + 4) + "\" y=\"" + Px(kTop + 10) + "\">containers</text></g>\n";
}

}  // namespace

std::string UtilisationSvg(const Utilisation& chart) {
  double width = kLeft + kWidth + 20;
  LegendLayout legend = LegendColumns(chart.series, width, 180, kLegendColumns);
  legend.top = kTop + kHeight + 44;
  double height = kTop + kHeight + 50 + LegendHeight(chart.series.size(), legend.columns);
  std::string out = SvgStart("utilisation", width, height, chart.title);
  double highest = Highest(chart), scale = kHeight / highest;
  std::vector<double> below(chart.bins, 0), top(chart.bins, 0);
  for (const UtilisationSeries& series : chart.series) {
    for (size_t bin = 0; bin < chart.bins; ++bin) top[bin] = below[bin] + series.average[bin];
    out += "<path class=\"area\" d=\"" + Area(chart, below, top, scale) + "\" fill=\"" +
           series.color + "\">" + TitleElement(series.name) + "</path>\n";
    below = top;
  }
  if (chart.bins > 0) AppendAxes(&out, chart, highest);
  AppendLegend(&out, chart.series, legend);
  return out + "</svg>\n";
}

}  // namespace tracedb

#include "chart/heatmap_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chart/svg_parts.h"
#include "chart/svg_text.h"

namespace tracedb {
namespace {

constexpr double kTop = 40;

// White to dark blue as sqrt(share of the most) grows.
std::string Shade(double share) {
  double t = std::sqrt(std::clamp(share, 0.0, 1.0));
  auto mix = [&](int from, int to) { return static_cast<int>(from + (to - from) * t + 0.5); };
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", mix(0xf2, 0x08), mix(0xf6, 0x30),
                mix(0xfb, 0x6b));
  return text;
}

int64_t Most(const Heatmap& chart) {
  int64_t most = 0;
  for (const auto& row : chart.messages) {
    for (int64_t count : row) most = std::max(most, count);
  }
  return most;
}

std::string CellTitle(const Heatmap& chart, size_t from, size_t to) {
  std::string text = chart.labels[from] + " -> " + chart.labels[to] + "\n" +
                     std::to_string(chart.messages[from][to]) + " messages";
  if (chart.bytes[from][to]) text += ", " + std::to_string(*chart.bytes[from][to]) + " bytes";
  return text;
}

// The digits of row i's number (from 1).
size_t Digits(size_t i) { return std::to_string(i + 1).size(); }

}  // namespace

std::string HeatmapSvg(const Heatmap& chart) {
  size_t n = chart.labels.size();
  double cell = std::clamp(480.0 / std::max<size_t>(n, 1), 8.0, 28.0), left = 0;
  for (size_t i = 0; i < n; ++i) {
    left = std::max(left, (Digits(i) + 1 + CharCount(chart.labels[i])) * kCharWidth);
  }
  left = std::clamp(left + 12, 60.0, 320.0);
  double width = left + n * cell + 20, height = kTop + n * cell + 20;
  std::string out = SvgStart("heatmap", width, height, chart.title);
  int64_t most = Most(chart);
  for (size_t i = 0; i < n; ++i) {
    out += "<text x=\"" + Px(left - 6) + "\" y=\"" + Px(kTop + (i + 0.5) * cell + 4) +
           "\" text-anchor=\"end\">" +
           FittedLabel(chart.labels[i], left - 12, Cut::kStart, std::to_string(i + 1) + " ") +
           "</text><text x=\"" + Px(left + (i + 0.5) * cell) + "\" y=\"" + Px(kTop - 6) +
           "\" text-anchor=\"middle\">" + std::to_string(i + 1) + "</text>\n";
    for (size_t j = 0; j < n; ++j) {
      double share = most > 0 ? static_cast<double>(chart.messages[i][j]) / most : 0;
      out += "<rect class=\"cell\" x=\"" + Px(left + j * cell) + "\" y=\"" + Px(kTop + i * cell) +
             "\" width=\"" + Px(cell - 1) + "\" height=\"" + Px(cell - 1) + "\" fill=\"" +
             Shade(share) + "\">" + TitleElement(CellTitle(chart, i, j)) + "</rect>\n";
    }
  }
  return out + "</svg>\n";
}

}  // namespace tracedb

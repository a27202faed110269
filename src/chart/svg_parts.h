// The parts every chart's SVG is made of: the opening tag with the chart's
// title, a time axis along the bottom of its plot (ticks, labels, unit),
// and a legend of coloured swatches in columns.
//
// Plain functions; no threading concerns.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "chart/svg_text.h"

namespace tracedb {

// "<svg ... class=CSS_CLASS ...>" and the title line; close with "</svg>\n".
std::string SvgStart(const std::string& css_class, double width, double height,
                     const std::string& title);

struct TimeAxis {
  double left = 0;   // where the plot's time starts, in px
  double width = 0;  // the plot's width, in px
  double y = 0;      // the axis line's
  double from = 0;   // the times at its ends
  double to = 0;
  int ticks = 10;           // about this many
  std::string unit;         // "s", or "" for the trace's own ("time")
  bool tick_marks = false;  // a short line down from each tick
};

// The line, the ticks' labels and the unit, inside the caller's <g>.
void AppendTimeAxis(std::string* out, const TimeAxis& axis);

struct LegendLayout {
  double top = 0;
  size_t columns = 1;
  double column_width = 180;
  double swatch_height = 12;  // thinner for lines, centred on the text
};

inline constexpr double kLegendLine = 18;
inline constexpr double kWidestLegendColumn = 400;

// Columns as wide as the longest name needs (kCharWidth a character, and
// the swatch), from `narrowest` to kWidestLegendColumn (past that a name
// is cut, FittedLabel), as many as `width` holds, at most `most`.
template <typename Entry>
LegendLayout LegendColumns(const std::vector<Entry>& entries, double width, double narrowest,
                           size_t most) {
  size_t longest = 0;
  for (const Entry& entry : entries) longest = std::max(longest, CharCount(entry.name));
  double column = std::clamp(longest * kCharWidth + 24, narrowest, kWidestLegendColumn);
  auto fit = static_cast<size_t>(std::max(1.0, std::floor(width / column)));
  return {.columns = std::min(fit, most), .column_width = column};
}

// The height `entries` take: kLegendLine a line.
double LegendHeight(size_t entries, size_t columns);

void AppendLegendEntry(std::string* out, size_t index, const std::string& name,
                       const std::string& color, const LegendLayout& layout);

// <g class="legend"> of every entry, each with .name and .color.
template <typename Entry>
void AppendLegend(std::string* out, const std::vector<Entry>& entries, const LegendLayout& layout) {
  *out += "<g class=\"legend\">\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    AppendLegendEntry(out, i, entries[i].name, entries[i].color, layout);
  }
  *out += "</g>\n";
}

}  // namespace tracedb

#include "chart/svg_parts.h"

#include <cmath>

#include "chart/svg_text.h"
#include "chart/time_axis.h"

namespace tracedb {

std::string SvgStart(const std::string& css_class, double width, double height,
                     const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + css_class + "\" width=\"" +
         Px(width) + "\" height=\"" + Px(height) + "\" viewBox=\"0 0 " + Px(width) + " " +
         Px(height) + "\" font-family=\"sans-serif\" font-size=\"11\">\n" +
         "<text class=\"title\" x=\"10\" y=\"18\" font-size=\"14\">" + XmlEscaped(title) +
         "</text>\n";
}

void AppendTimeAxis(std::string* out, const TimeAxis& axis) {
  *out += "<line x1=\"" + Px(axis.left) + "\" y1=\"" + Px(axis.y) + "\" x2=\"" +
          Px(axis.left + axis.width) + "\" y2=\"" + Px(axis.y) + "\" stroke=\"#444\"/>\n";
  double label = axis.y + (axis.tick_marks ? 17 : 16);
  for (const Tick& tick : TimeTicks(axis.from, axis.to, axis.ticks)) {
    double x = axis.left + (tick.time - axis.from) / (axis.to - axis.from) * axis.width;
    if (axis.tick_marks) {
      *out += "<line x1=\"" + Px(x) + "\" y1=\"" + Px(axis.y) + "\" x2=\"" + Px(x) + "\" y2=\"" +
              Px(axis.y + 5) + "\" stroke=\"#444\"/>";
    }
    *out += "<text x=\"" + Px(x) + "\" y=\"" + Px(label) + "\" text-anchor=\"middle\">" +
            XmlEscaped(tick.label) + "</text>\n";
  }
  std::string unit = axis.unit.empty() ? "time" : "time (" + axis.unit + ")";
  *out += "<text x=\"" + Px(axis.left + axis.width) + "\" y=\"" + Px(axis.y + 32) +
          "\" text-anchor=\"end\">" + XmlEscaped(unit) + "</text>\n";
}

double LegendHeight(size_t entries, size_t columns) {
  return std::ceil(static_cast<double>(entries) / static_cast<double>(columns)) * kLegendLine;
}

void AppendLegendEntry(std::string* out, size_t index, const std::string& name,
                       const std::string& color, const LegendLayout& layout) {
  double x = 10 + static_cast<double>(index % layout.columns) * layout.column_width;
  double y = layout.top + static_cast<double>(index / layout.columns) * kLegendLine;
  *out += "<rect class=\"swatch\" x=\"" + Px(x) + "\" y=\"" +
          Px(y + (12 - layout.swatch_height) / 2) + "\" width=\"12\" height=\"" +
          Px(layout.swatch_height) + "\" fill=\"" + color + "\"/><text x=\"" + Px(x + 16) +
          "\" y=\"" + Px(y + 10) + "\">" +
          FittedLabel(name, layout.column_width - 24, Cut::kMiddle) + "</text>\n";
}

}  // namespace tracedb

#include "chart/icicle_svg.h"

#include <algorithm>

#include "chart/svg_parts.h"
#include "chart/svg_text.h"

namespace tracedb {
namespace {

constexpr double kWidth = 1000;
constexpr double kRow = 18;
constexpr double kTop = 30;
// Rows past this depth are not drawn (Extrae's callers nest thousands deep).
constexpr uint32_t kDeepest = 40;

std::string Box(const IcicleBox& box, double x, double width) {
  double y = kTop + box.depth * kRow;
  std::string out = "<g class=\"path\">" + TitleElement(box.label + "\n" + box.detail) +
                    "<rect x=\"" + Px(x) + "\" y=\"" + Px(y) + "\" width=\"" + Px(width) +
                    "\" height=\"" + Px(kRow - 1) + "\" fill=\"" + box.color + "\"/>";
  if (width >= 3 * kCharWidth) {
    out += "<text x=\"" + Px(x + 3) + "\" y=\"" + Px(y + 13) + "\">" +
           XmlEscaped(Fitted(box.label, width - 6, Cut::kEnd)) + "</text>";
  }
  return out + "</g>\n";
}

}  // namespace

std::string IcicleSvg(const Icicle& chart) {
  double scale = chart.total > 0 ? kWidth / chart.total : 0;
  auto drawn = [&](const IcicleBox& box) { return box.size * scale >= 1 && box.depth <= kDeepest; };
  uint32_t deepest = 0;
  for (const IcicleBox& box : chart.boxes) {
    if (drawn(box)) deepest = std::max(deepest, box.depth);
  }
  std::string out = SvgStart("icicle", kWidth + 20, kTop + (deepest + 1) * kRow + 10, chart.title);
  for (const IcicleBox& box : chart.boxes) {
    if (drawn(box)) out += Box(box, 10 + box.start * scale, box.size * scale);
  }
  return out + "</svg>\n";
}

}  // namespace tracedb

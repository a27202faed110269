#include "chart/bars_svg.h"

#include <algorithm>

#include "chart/svg_parts.h"
#include "chart/svg_text.h"
#include "results/result_table.h"

namespace tracedb {
namespace {

constexpr double kBarArea = 560;
constexpr double kLine = 20;
constexpr double kTop = 30;

std::string Seconds(double value, const std::string& unit) { return TimeText(value, unit, 6); }

double LabelWidth(const ProfileBars& chart) {
  size_t longest = 0;
  for (const ProfileBar& bar : chart.bars) longest = std::max(longest, CharCount(bar.label));
  return std::clamp(longest * kCharWidth + 12, 60.0, 320.0);
}

}  // namespace

std::string ProfileBarsSvg(const ProfileBars& chart) {
  double left = LabelWidth(chart), most = 0;
  for (const ProfileBar& bar : chart.bars) most = std::max(most, bar.inclusive);
  double bottom = kTop + chart.bars.size() * kLine;
  double width = left + kBarArea + 160, height = bottom + (chart.unlisted > 0 ? kLine : 0) + 10;
  std::string out = SvgStart("profile", width, height, chart.title);
  for (size_t i = 0; i < chart.bars.size(); ++i) {
    const ProfileBar& bar = chart.bars[i];
    double y = kTop + i * kLine, scale = most > 0 ? kBarArea / most : 0;
    std::string title = bar.label + "\ninclusive " + Seconds(bar.inclusive, chart.unit) +
                        "\nexclusive " + Seconds(bar.exclusive, chart.unit);
    out += "<g class=\"bar\">" + TitleElement(title) + "<text x=\"" + Px(left - 6) + "\" y=\"" +
           Px(y + 13) + "\" text-anchor=\"end\">" +
           XmlEscaped(Fitted(bar.label, left - 12, Cut::kMiddle)) +
           "</text><rect class=\"inclusive\" x=\"" + Px(left) + "\" y=\"" + Px(y + 2) +
           "\" width=\"" + Px(bar.inclusive * scale) + "\" height=\"14\" fill=\"" + bar.color +
           "\" fill-opacity=\"0.4\"/><rect class=\"exclusive\" x=\"" + Px(left) + "\" y=\"" +
           Px(y + 2) + "\" width=\"" + Px(std::max(0.0, bar.exclusive) * scale) +
           "\" height=\"14\" fill=\"" + bar.color + "\"/><text x=\"" +
           Px(left + bar.inclusive * scale + 6) + "\" y=\"" + Px(y + 13) + "\">" +
           XmlEscaped(Seconds(bar.inclusive, chart.unit)) + "</text></g>\n";
  }
  if (chart.unlisted > 0) {
    out += "<text class=\"unlisted\" x=\"10\" y=\"" + Px(bottom + 13) + "\">and " +
           std::to_string(chart.unlisted) + " more values (tracedb profile lists all)</text>\n";
  }
  return out + "</svg>\n";
}

}  // namespace tracedb

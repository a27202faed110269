#include "chart/svg_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "results/result_table.h"

namespace tracedb {

std::string Px(double value) {
  double rounded = std::round(value * 100) / 100;
  if (rounded == 0) rounded = 0;  // no "-0"
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", rounded);
  std::string out = text;
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out;
}

std::string TimeText(double value, const std::string& unit, int digits) {
  return FormatRealDigits(value, digits) + (unit.empty() ? "" : " " + unit);
}

namespace {

bool Continues(char byte) { return (static_cast<unsigned char>(byte) & 0xc0) == 0x80; }

// Where the first `chars` characters of `text` end.
size_t CharsEnd(std::string_view text, size_t chars) {
  size_t at = 0;
  for (size_t seen = 0; at < text.size(); ++at) {
    if (!Continues(text[at]) && seen++ == chars) break;
  }
  return at;
}

}  // namespace

size_t CharCount(std::string_view text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !Continues(c); }));
}

std::string Fitted(std::string_view text, double width, Cut cut) {
  size_t count = CharCount(text);
  size_t room = static_cast<size_t>(std::max(2.0, std::floor(width / kCharWidth)));
  if (count <= room) return std::string(text);
  size_t kept = room - 1;  // and the "…"
  size_t head = cut == Cut::kEnd ? kept : cut == Cut::kStart ? 0 : (kept + 1) / 2;
  return std::string(text.substr(0, CharsEnd(text, head))) + "\u2026" +
         std::string(text.substr(CharsEnd(text, count - (kept - head))));
}

std::string FittedLabel(std::string_view text, double width, Cut cut, std::string_view prefix) {
  std::string shown =
      std::string(prefix) + Fitted(text, width - CharCount(prefix) * kCharWidth, cut);
  if (shown.size() == prefix.size() + text.size()) return XmlEscaped(shown);
  return TitleElement(text) + XmlEscaped(shown);
}

std::string TitleElement(std::string_view text) {
  std::string lines;
  for (size_t from = 0; from <= text.size();) {
    size_t end = std::min(text.find('\n', from), text.size());
    if (from > 0) lines += '\n';
    lines += Fitted(text.substr(from, end - from), kTooltipLine * kCharWidth, Cut::kEnd);
    from = end + 1;
  }
  return "<title>" + XmlEscaped(lines) + "</title>";
}

}  // namespace tracedb

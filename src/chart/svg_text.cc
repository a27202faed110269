#include "chart/svg_text.h"

#include <cmath>
#include <cstdio>

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

}  // namespace tracedb

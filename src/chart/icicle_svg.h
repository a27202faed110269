// IcicleSvg: a call-path profile as an icicle (a flame graph hanging down):
// one row per depth, each path a box as wide as its inclusive time, under
// the path it was pushed on, in its value's colour, with a hover title and
// its name where it fits. Boxes narrower than a pixel are left out, so the
// picture's size is bounded by its width and depth, not by the paths.
//
// Plain data and function; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tracedb {

struct IcicleBox {
  std::string label;   // the value's name
  std::string color;   // "#rrggbb"
  std::string detail;  // the hover title's lines after the label
  uint32_t depth = 0;
  double start = 0;  // where it starts, in the chart's time (0 at the left)
  double size = 0;   // its inclusive time
};

struct Icicle {
  std::string title;
  double total = 0;  // the time the width stands for
  std::vector<IcicleBox> boxes;
};

std::string IcicleSvg(const Icicle& chart);

}  // namespace tracedb

// LinesSvg: variables as lines over time, one per container, each a
// point per pixel column (the time-weighted mean of the value over the
// column; a gap where the variable has no value), with a hover title per
// line, a time axis, a value axis and a legend.
//
// Plain data and function; no threading concerns.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tracedb {

struct Line {
  std::string name;                           // the container's path
  std::string color;                          // "#rrggbb"
  std::vector<std::optional<double>> points;  // per column
};

struct LineChart {
  std::string title;
  std::string unit;  // of time: "s", or "" for the trace's own
  double from = 0;   // the time axis
  double to = 1;
  int columns = 800;
  std::vector<Line> lines;
};

std::string LinesSvg(const LineChart& chart);

}  // namespace tracedb

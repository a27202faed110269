// ProfileBarsSvg: the flat profile as horizontal bars, one per state value,
// largest first: the inclusive time pale, the exclusive time solid over
// it, each with a hover title and its numbers at the end.
//
// Plain data and function; no threading concerns.
#pragma once

#include <string>
#include <vector>

namespace tracedb {

struct ProfileBar {
  std::string label;  // "type: value"
  std::string color;  // "#rrggbb"
  double inclusive = 0;
  double exclusive = 0;
};

struct ProfileBars {
  std::string title;
  std::string unit;  // "s", or "" for the trace's own
  std::vector<ProfileBar> bars;
};

std::string ProfileBarsSvg(const ProfileBars& chart);

}  // namespace tracedb

// ProfileBarsSvg: the flat profile as horizontal bars, one per state value,
// largest first: the inclusive time pale, the exclusive time solid over
// it, each with a hover title and its numbers at the end; then how many
// values have no bar, if any.
//
// Plain data and function; no threading concerns.
#pragma once

#include <cstddef>
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
  size_t unlisted = 0;  // values of less time, without a bar: said under the bars
};

std::string ProfileBarsSvg(const ProfileBars& chart);

}  // namespace tracedb

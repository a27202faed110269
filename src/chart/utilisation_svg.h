// UtilisationSvg: utilisation over time as stacked areas, one per state
// value, in equal time bins: how many containers were in each value on
// average, bin by bin (the trace's state_profile). Each area has a hover
// title; a time axis and a legend below.
//
// Plain data and function; no threading concerns.
#pragma once

#include <string>
#include <vector>

namespace tracedb {

struct UtilisationSeries {
  std::string name;
  std::string color;            // "#rrggbb"
  std::vector<double> average;  // per bin: containers in this value on average
};

struct Utilisation {
  std::string title;
  std::string unit;  // "s", or "" for the trace's own
  double from = 0;   // the first bin's start
  double bin = 1;    // every bin's width
  size_t bins = 0;
  std::vector<UtilisationSeries> series;  // bottom first
};

std::string UtilisationSvg(const Utilisation& chart);

}  // namespace tracedb

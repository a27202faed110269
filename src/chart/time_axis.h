// TimeTicks: where a time axis over [from, to] puts its ticks: about
// `wanted` of them, at multiples of 1, 2 or 5 times a power of ten, each
// with its label (FormatRealDigits' shortest text: "0.25", "1.5e+06").
//
// Plain function; no threading concerns.
#pragma once

#include <string>
#include <vector>

namespace tracedb {

struct Tick {
  double time = 0;
  std::string label;
};

std::vector<Tick> TimeTicks(double from, double to, int wanted);

}  // namespace tracedb

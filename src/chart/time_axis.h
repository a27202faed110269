// TimeTicks: where a time axis over [from, to] puts its ticks: about
// `wanted` of them, at multiples of 1, 2 or 5 times a power of ten, each
// with its label (FormatRealDigits' shortest text: "0.25", "1.5e+06").
// Where six significant digits cannot tell the ticks apart (times since
// 1970), the first has its whole value and the others their distance past
// it: "1000000000000000.5", "+0.5", "+1".
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

// Significant digits a number needs to tell `time` from a time `step` away
// (step > 0): floor(log10 |time|) - floor(log10 step) + 1.
int DigitsToTellApart(double time, double step);

}  // namespace tracedb

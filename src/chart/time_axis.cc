#include "chart/time_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "results/result_table.h"

namespace tracedb {
namespace {

// The smallest 1, 2 or 5 times a power of ten at least `rough`.
double NiceStep(double rough) {
  double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (double factor : {1.0, 2.0, 5.0, 10.0}) {
    if (factor * power >= rough) return factor * power;
  }
  return 10 * power;
}

// The tick's text: as many decimals as the step has ("0.15", "2000"),
// never the noise of k * step ("0.30000000000000004"); in exponent form
// where that would be long.
std::string Label(double time, double step) {
  int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  if (decimals > 9 || std::abs(time) >= 1e9) return FormatRealDigits(time, 6);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, time);
  std::string out = text;
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  return out == "-0" ? "0" : out;
}

// Far from zero, six significant digits label every tick alike ("1e+15"
// under each tick of a 5-second trace in microseconds since 1970): the
// first tick has its whole value, the others how far they are past it
// ("+1", "+2"), as a chart's offset label does.
void LabelPastTheFirst(std::vector<Tick>* ticks, double step) {
  double base = ticks->front().time;
  if (std::abs(base) < 1e9 || DigitsToTellApart(base, step) <= 6) return;
  std::string whole = FormatRealDigits(base, std::min(17, DigitsToTellApart(base, step)));
  if (whole.ends_with(".0")) whole.resize(whole.size() - 2);  // as Label writes whole numbers
  ticks->front().label = whole;
  for (size_t i = 1; i < ticks->size(); ++i) {
    (*ticks)[i].label = "+" + Label((*ticks)[i].time - base, step);
  }
}

}  // namespace

int DigitsToTellApart(double time, double step) {
  return static_cast<int>(std::floor(std::log10(std::abs(time))) - std::floor(std::log10(step))) +
         1;
}

std::vector<Tick> TimeTicks(double from, double to, int wanted) {
  std::vector<Tick> ticks;
  if (!(to > from) || wanted < 1) return ticks;
  double step = NiceStep((to - from) / wanted);
  double first = std::ceil(from / step);
  // Counted, not stepped by k += 1: far from 0 (times in microseconds since
  // 1970 are about 1e15) k * step passes 2^53, where k + 1 == k. At most
  // wanted + 1 ticks fit, as step >= (to - from) / wanted; a tick that
  // doubles cannot tell from the last one (a step below their resolution)
  // is left out.
  for (int i = 0; i <= wanted + 1; ++i) {
    double time = (first + i) * step;
    if (time > to + step * 1e-9) break;
    if (!ticks.empty() && time <= ticks.back().time) continue;
    ticks.push_back({time, Label(time, step)});
  }
  if (!ticks.empty()) LabelPastTheFirst(&ticks, step);
  return ticks;
}

}  // namespace tracedb

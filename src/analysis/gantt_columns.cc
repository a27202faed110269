#include "analysis/gantt_columns.h"

#include <algorithm>

namespace tracedb {

GanttColumns::GanttColumns(TimeWindow window, int columns)
    : grid_{window, static_cast<size_t>(columns)}, seconds_(columns) {}

// Adds the time of [start, end] in each column to `value` (sign -1: takes
// it away, from the parent of a state pushed on it).
void GanttColumns::Spread(double start, double end, int value, double sign) {
  grid_.Spread(start, end, [&](size_t column, double seconds) {
    auto& cell = seconds_[column];
    auto found =
        std::find_if(cell.begin(), cell.end(), [&](auto& pair) { return pair.first == value; });
    if (found == cell.end()) {
      cell.emplace_back(value, sign * seconds);
    } else {
      found->second += sign * seconds;
    }
  });
}

void GanttColumns::Add(double start, double end, int depth, int value) {
  Spread(start, end, value, 1);
  if (depth > 0 && static_cast<size_t>(depth) <= values_.size()) {
    Spread(start, end, values_[depth - 1], -1);
  }
  values_.resize(depth + 1);
  values_[depth] = value;
}

std::vector<uint16_t> GanttColumns::Finish() {
  std::vector<uint16_t> out(grid_.columns, 0);
  for (size_t column = 0; column < grid_.columns; ++column) {
    double best = 0;
    for (const auto& [value, seconds] : seconds_[column]) {
      if (seconds > best * (1 + 1e-12) + 1e-300) {
        best = seconds;
        out[column] = static_cast<uint16_t>(std::min(value + 1, 65535));
      }
    }
    seconds_[column].clear();
  }
  values_.clear();
  return out;
}

}  // namespace tracedb

#include "analysis/gantt_columns.h"

#include <algorithm>

namespace tracedb {

GanttColumns::GanttColumns(TimeWindow window, int columns)
    : window_(window),
      columns_(columns),
      width_((window.to - window.from) / columns),
      seconds_(columns) {}

int GanttColumns::ColumnOf(double time) const {
  int column = static_cast<int>((time - window_.from) / width_);
  return std::clamp(column, 0, columns_ - 1);
}

// Adds the time of [start, end] in each column to `value` (sign -1: takes
// it away, from the parent of a state pushed on it).
void GanttColumns::Spread(double start, double end, int value, double sign) {
  start = std::max(start, window_.from);
  end = std::min(end, window_.to);
  if (!(end > start)) return;
  for (int column = ColumnOf(start), last = ColumnOf(end); column <= last; ++column) {
    double from = window_.from + column * width_;
    double seconds = std::min(end, from + width_) - std::max(start, from);
    if (seconds <= 0) continue;
    auto& cell = seconds_[column];
    auto found =
        std::find_if(cell.begin(), cell.end(), [&](auto& pair) { return pair.first == value; });
    if (found == cell.end()) {
      cell.emplace_back(value, sign * seconds);
    } else {
      found->second += sign * seconds;
    }
  }
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
  std::vector<uint16_t> out(columns_, 0);
  for (int column = 0; column < columns_; ++column) {
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

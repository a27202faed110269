// ColumnGrid: a time window cut into equal pixel columns, and the time an
// interval spends in each: how the Gantt's rows and the variables' lines
// come down to one value per column.
//
// Plain data; no threading concerns.
#pragma once

#include <algorithm>
#include <cstddef>

#include "analysis/time_window.h"

namespace tracedb {

struct ColumnGrid {
  TimeWindow window;
  size_t columns = 1;

  double Width() const { return (window.to - window.from) / static_cast<double>(columns); }

  // The column holding `time`, a time within the window.
  size_t ColumnOf(double time) const {
    return std::min(static_cast<size_t>((time - window.from) / Width()), columns - 1);
  }

  // visit(column, seconds) for each column [start, end] (clipped to the
  // window) spends time in.
  template <typename Visit>
  void Spread(double start, double end, Visit visit) const {
    start = std::max(start, window.from);
    end = std::min(end, window.to);
    if (!(end > start)) return;
    double width = Width();
    for (size_t column = ColumnOf(start), last = ColumnOf(end); column <= last; ++column) {
      double from = window.from + static_cast<double>(column) * width;
      double seconds = std::min(end, from + width) - std::max(start, from);
      if (seconds > 0) visit(column, seconds);
    }
  }
};

}  // namespace tracedb

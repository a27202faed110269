// GanttColumns: one Gantt row aggregated to pixel columns, as Paraver and
// StarVZ draw a big trace: each column gets the value whose states are on
// top (innermost, exclusive time) for most of the column's time.
//
// Feed it one row's states (one container and type) in the order
// ReadWindowStates gives, parents before what is pushed on them; Finish
// gives the columns. Memory: the columns and the values met in each.
//
// Not thread-safe; one row at a time.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "analysis/column_grid.h"
#include "analysis/time_window.h"

namespace tracedb {

class GanttColumns {
 public:
  GanttColumns(TimeWindow window, int columns);

  // `value`: the state's index in the chart's values.
  void Add(double start, double end, int depth, int value);
  // 1 + the value covering most of each column, 0 where none; then the
  // next row may begin.
  std::vector<uint16_t> Finish();

 private:
  void Spread(double start, double end, int value, double sign);

  ColumnGrid grid_;
  std::vector<std::vector<std::pair<int, double>>> seconds_;  // per column: (value, time)
  std::vector<int> values_;                                   // by depth, the latest state's value
};

}  // namespace tracedb

// The cells of an aggregated Gantt chart (chart/gantt.h): a row's cells as
// runs and back, and the rows brought down to the pixel rows drawn.
//
// Plain functions; no threading concerns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "chart/gantt.h"

namespace tracedb {

// Runs of equal cells, in column order. At most 65,535 cells.
std::vector<CellRun> RunsOf(const std::vector<uint16_t>& cells);
// The cells again: `width` of them, 0 past the last run.
std::vector<uint16_t> CellsOf(const std::vector<CellRun>& runs, size_t width);

// At most `max_height` rows of `width` cells, row after row. Each stands
// for `rows_per_pixel` consecutive rows of the chart (the last for those
// left): of the cells they hold in a column, the non-zero one most of them
// hold (the lowest on a tie), 0 where all are 0. One per row when the
// chart has no more rows than `max_height`.
struct PixelRows {
  size_t width = 0;
  size_t height = 0;
  size_t rows_per_pixel = 1;
  std::vector<uint16_t> cells;
};

PixelRows GroupRows(const std::vector<GanttRow>& rows, size_t width, size_t max_height);

}  // namespace tracedb

// GanttChart: a space-time chart as plain data, what GanttSvg draws: one
// row per container (and state type), its states as bars along a time
// axis, coloured by value, with a legend.
//
// A row holds either the states themselves (each with its depth: a nested
// state is drawn over its parent, thinner), or, for a big trace, a value
// per pixel column, the one that covers most of it (`aggregated`, as
// Paraver and StarVZ draw), so that the chart's size does not grow with
// the trace's.
//
// Plain data; no threading concerns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tracedb {

inline constexpr size_t kLegendValues = 64;
inline constexpr size_t kPaletteValues = 254;  // a PNG palette's 256, less blank and grey

struct GanttValue {
  std::string name;
  std::string color;  // "#rrggbb"
  // False for a value of the trace with no state in the window drawn: it
  // keeps its place (and colour, the same in every window) but the legend
  // leaves it out.
  bool in_view = true;
};

struct GanttBar {
  double start = 0;
  double end = 0;
  int value = 0;  // index into GanttChart::values
  int depth = 0;  // exact bars only
};

// Cells of an aggregated row that hold the same: the columns from the
// previous run's end (0 for the first) up to `end`, exclusive.
struct CellRun {
  uint16_t end = 0;
  uint16_t cell = 0;
};

struct GanttRow {
  std::string label;           // the container's path (and the type, when it has several)
  std::vector<GanttBar> bars;  // exact: the states, parents before what is pushed on them
  // aggregated: per pixel column, 1 + the index of the value that covers
  // most of it, 0 where no state is; in runs (chart/gantt_cells.h), as a
  // trace of many containers has most rows blank in most columns (50,000
  // rows of 1,500 columns took 225 MB as one cell each)
  std::vector<CellRun> runs;
};

// A link from one row to another, drawn as an arrow.
struct GanttArrow {
  double start = 0;
  double end = 0;
  size_t from_row = 0;
  size_t to_row = 0;
  std::string label;  // its type and value, for the hover title
};

struct GanttChart {
  std::string title;
  double from = 0;  // the time axis
  double to = 0;
  std::string unit;  // "s", or "" when the trace's unit is its own
  int width = 1000;  // pixels of the time axis; the columns when aggregated
  bool aggregated = false;
  // Busiest first: the legend shows the first kLegendValues (by name), and
  // an aggregated picture the first kPaletteValues in their colours, the
  // rest in grey (a trace of 200,000 values drew a legend 450,000 px high).
  std::vector<GanttValue> values;
  std::vector<GanttRow> rows;
  std::vector<GanttArrow> arrows;  // the links in view, while they are few
  std::string note;                // under the chart: what it leaves out
};

}  // namespace tracedb

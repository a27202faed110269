// GanttSvg: a GanttChart as a standalone SVG document: the title, the row
// labels on the left, the bars (<rect class="state">, each with a <title>
// that a browser shows on hover: row, value, start, end, duration), a time
// axis with ticks and unit, and the legend. Rows are 16 px high while they
// fit 800 px, thinner below (1 px at least), and lose their labels under
// 8 px.
//
// Plain function; no threading concerns.
#pragma once

#include <string>

#include "chart/gantt.h"

namespace tracedb {

std::string GanttSvg(const GanttChart& chart);

}  // namespace tracedb

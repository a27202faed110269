// CssColor: the colour a chart gives a state value: the trace's own when it
// has one (Pajé's "r g b" in 0..1, Paraver's .pcf "{r,g,b}" in 0..255),
// else one of a fixed palette picked by the value's name, so that a value
// keeps its colour from one chart, trace and run to the next.
//
// Plain functions; no threading concerns.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tracedb {

// The grey of the values a chart does not tell apart (past a Gantt
// picture's palette, utilisation's "other values").
inline constexpr char kOtherValuesColor[] = "#888888";

// "#rrggbb".
std::string CssColor(const std::optional<std::string>& trace_color, const std::string& name);

// The palette's colour `index` (modulo its size): for lines told apart
// within one chart.
std::string PaletteColor(size_t index);

}  // namespace tracedb

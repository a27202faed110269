// What every chart's SVG is written with: text escaped for XML
// (results/xml_text.h), coordinates with two decimals at most (a hundredth
// of a pixel is finer than any screen; more digits only make files
// bigger), and labels cut to the room the layout gives them.
//
// Plain functions; no threading concerns.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "results/xml_text.h"

namespace tracedb {

// "12.5", "3", "-0.25".
std::string Px(double value);

// A time for a reader, with `digits` significant digits and its unit:
// "0.594 s"; "0.594" for an empty unit.
std::string TimeText(double value, const std::string& unit, int digits);

// The average width of a character of the charts' 11 px sans-serif: what a
// layout reserves for text, without the font's metrics.
inline constexpr double kCharWidth = 6.5;

// Characters, not bytes, of UTF-8 text.
size_t CharCount(std::string_view text);

// Where a label too long for its room is cut, with "…" in its place. A
// name of a C++ function or a job can run to hundreds of characters, over
// the next column of a legend or off the chart's left edge.
enum class Cut {
  kEnd,     // a line of text, read from its start
  kStart,   // a container's path, which tells most in its last parts
  kMiddle,  // a value's name: names that differ only near the end
            // ("helper_number_17(int)", "helper_number_18(int)") stay apart,
            // and their start still says what they are
};

// `text` in `width` px: whole when it fits; else cut to fit, as `cut` says.
// Cuts between UTF-8 characters, never inside one.
std::string Fitted(std::string_view text, double width, Cut cut);
// A <title> element (a tooltip): `text` escaped, each of its lines cut to
// kTooltipLine characters. A tooltip wider than the screen shows no more,
// and names of 10 MB, in the tooltip of each bar, made a report of 90 MB.
inline constexpr size_t kTooltipLine = 1000;
std::string TitleElement(std::string_view text);

// The XML of a <text> element's content: `prefix` and the text Fitted in
// what it leaves of `width`, escaped, and when cut the whole text as the
// element's <title> (a tooltip), first as browsers want it.
std::string FittedLabel(std::string_view text, double width, Cut cut, std::string_view prefix = "");

}  // namespace tracedb

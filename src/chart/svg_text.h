// What every chart's SVG is written with: text escaped for XML, and
// coordinates with two decimals at most (a hundredth of a pixel is finer
// than any screen; more digits only make files bigger).
//
// Plain functions; no threading concerns.
#pragma once

#include <string>
#include <string_view>

namespace tracedb {

// &, <, >, " and ' as entities; control characters (not allowed in XML
// 1.0) as U+FFFD.
std::string XmlEscaped(std::string_view text);

// "12.5", "3", "-0.25".
std::string Px(double value);

}  // namespace tracedb

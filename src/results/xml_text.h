// XmlEscaped: text made safe inside XML and HTML (element content and
// quoted attributes), for the SVG charts and the HTML report.
//
// Plain function; no threading concerns.
#pragma once

#include <string>
#include <string_view>

namespace tracedb {

// &, <, >, " and ' as entities; control characters (not allowed in XML
// 1.0) but tab and newline as U+FFFD.
std::string XmlEscaped(std::string_view text);

}  // namespace tracedb

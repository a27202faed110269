// What every chart's SVG is written with: text escaped for XML
// (output/xml_text.h), and coordinates with two decimals at most (a
// hundredth of a pixel is finer than any screen; more digits only make
// files bigger).
//
// Plain functions; no threading concerns.
#pragma once

#include <string>
#include <string_view>

#include "output/xml_text.h"

namespace tracedb {

// "12.5", "3", "-0.25".
std::string Px(double value);

}  // namespace tracedb

// IsColor: whether a Pajé value's Color field is one (paje-format.md,
// "Values"): "r g b" or "r,g,b" of decimal numbers, with an optional fourth
// (alpha), or six hex digits.
//
// Plain function; any thread.
#pragma once

#include <string_view>

namespace tracedb {

bool IsColor(std::string_view text);

}  // namespace tracedb

// Strict decimal numbers for times and variable values: an optional sign,
// digits with an optional point and fraction, an optional exponent. No
// hexadecimal, nan or inf; a value out of the range of a double is refused.
#pragma once

#include <optional>
#include <string_view>

namespace tracedb {

std::optional<double> ParseDecimal(std::string_view text);

}  // namespace tracedb

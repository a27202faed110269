// Splits one Pajé line into tokens: separated by spaces or tabs; a token
// that begins with `"` runs to the next `"` (no escapes, quotes dropped);
// `#` outside quotes starts a comment. The caller strips the line end.
//
//   17 3.0 E t1 "hello world"  # comment   ->  17 | 3.0 | E | t1 | hello world
#pragma once

#include <string_view>
#include <vector>

namespace tracedb::paje {

enum class TokenizeResult { kOk, kUnterminatedQuote };

// Appends the tokens of `line` to `out` (which it does not clear).
TokenizeResult TokenizeLine(std::string_view line, std::vector<std::string_view>* out);

}  // namespace tracedb::paje

// JSON text pieces: string literals, the numbers both databases keep as
// written, and a check of any JSON text. The user fields' objects are
// model/extras_json.h.
//
// Plain functions; no threading concerns.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedb {

// Appends `text` as a JSON string literal (quoted, escaped).
void AppendJsonString(std::string* out, std::string_view text);

// Whether `text` is one JSON value (RFC 8259), blanks around it allowed.
bool IsJsonValue(std::string_view text);

// Longer numbers stay strings: far inside what PostgreSQL's numeric holds
// (131072 digits before the point, 16383 after), and no quantity a tracer
// writes is this long.
inline constexpr size_t kMaxExactJsonNumber = 1000;

// Whether `text`, as written, is a JSON number that both databases give back
// byte for byte: -?(0|[1-9][0-9]*)(\.[0-9]+)?, at most kMaxExactJsonNumber
// characters, and not a negative zero. SQLite keeps any JSON text as
// written; PostgreSQL's jsonb keeps a number's digits and trailing zeros
// ("1.50") but rewrites an exponent ("1e2" -> 100, "1.0E5" -> 100000) and
// drops the sign of a zero ("-0.0" -> 0.0).
bool IsExactJsonNumber(std::string_view text);

}  // namespace tracedb

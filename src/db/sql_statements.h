// CountStatements: how many SQL statements a text holds, for `tracedb query`,
// which runs one. SQLite would run the first and drop the rest silently and
// PostgreSQL would run them all, so the text is looked at before either
// sees it, the same way for both.
//
// A statement ends at a ';' outside quotes and comments: '...' (doubled
// quotes, and E'...' with backslash escapes), "..." identifiers, [...] and
// `...` (SQLite), $tag$...$tag$ (PostgreSQL), -- to the line end and /* */.
// A piece holding only blanks and comments is no statement. Text cut inside
// a quote or comment counts as it stands: the database then reports it.
//
// Plain function; no threading concerns.
#pragma once

#include <cstddef>
#include <string_view>

namespace tracedb {

size_t CountStatements(std::string_view sql);

}  // namespace tracedb

// DisplayWidth: the columns a terminal gives UTF-8 text, so that text tables
// line up whatever the names' scripts: a CJK or fullwidth character and most
// emoji take two, a combining mark or a zero-width character none, any other
// character one. A byte that starts no valid UTF-8 sequence counts as one
// column (a terminal shows a replacement character for it).
//
// The wide and zero-width ranges are those of Unicode's East Asian Width
// (W and F) and of the combining blocks, coarsened to whole blocks: what a
// table of names needs, not a full wcwidth.
//
// Pure function; any thread.
#pragma once

#include <cstddef>
#include <string_view>

namespace tracedb {

size_t DisplayWidth(std::string_view text);

}  // namespace tracedb

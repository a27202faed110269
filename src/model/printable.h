// Printable: text taken from an input file, made safe to show in a message.
// A message travels as a C string (what()), to a terminal and into the
// database's error column, so a NUL byte would cut it short, control bytes
// would garble the terminal and invalid UTF-8 would make `list --json`
// invalid JSON. Such bytes are written as \xNN; valid UTF-8 stays as it is.
// A message longer than kMaxPrintable (a 1 MB token quoted in it) keeps its
// head and tail around a note of how much was left out.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedb {

inline constexpr size_t kMaxPrintable = 1024;

std::string Printable(std::string_view text);

}  // namespace tracedb

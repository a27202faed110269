// Text that is not UTF-8, as old traces written in Latin-1 hold, made UTF-8
// by one rule: each byte that is not part of a valid UTF-8 sequence is read
// as the Latin-1 character of that code (U+0080..U+00FF) and kept as its two
// UTF-8 bytes:
//
//   "caf\xE9"  ->  "caf\xC3\xA9" (café)      "caf\xC3\xA9"  ->  unchanged
//
// Valid UTF-8 is never reinterpreted, so ASCII and UTF-8 text pass as they
// are, and no byte is dropped. The readers apply it to each text a trace
// gives (a Pajé token, a Paraver label, name or header text), so that what
// is dumped and what either database stores is the same UTF-8 (PostgreSQL
// refuses anything else). Error messages still quote the input's own bytes
// (model/printable.h escapes them as \xNN).
//
// Pure functions and plain data; any thread.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>

#include "model/input_error.h"

namespace tracedb {

// `text` by the rule above.
std::string Latin1AsUtf8(std::string_view text);

// Points each of `texts` that is not valid UTF-8 at its Latin1AsUtf8 form,
// kept in *store (a deque: what it holds never moves). Returns whether any
// was.
bool RecodeTexts(std::span<std::string_view> texts, std::deque<std::string>* store);

// The lines of one file whose bytes were read so: what its one warning says.
struct Latin1Lines {
  uint64_t first = 0;  // 1-based; 0: none
  uint64_t count = 0;

  void Add(uint64_t line) {
    if (count == 0 || line < first) first = line;
    ++count;
  }
  // Those of a part of the file that starts after line `offset`.
  void Add(const Latin1Lines& part, uint64_t offset) {
    if (part.count == 0) return;
    if (count == 0 || part.first + offset < first) first = part.first + offset;
    count += part.count;
  }
};

// Recodes *text (a whole file, as a .pcf) line by line, in place; returns
// which lines it changed.
Latin1Lines RecodeLines(std::string* text);

// The warning for `file`, at the first of `lines` (count > 0):
//   FILE:7: bytes that are not UTF-8 read as Latin-1 (first of 3 lines)
InputError Latin1Warning(const std::string& file, const Latin1Lines& lines);

}  // namespace tracedb

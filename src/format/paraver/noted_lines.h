// NotedLines: lines of a .pcf or .row that its lenient parser (pcf_labels.h,
// row_names.h) skips: the first one's number and problem, and a count, so
// that reading the trace warns once per file:
//
//   t.pcf:7: 'xyz' is not a state's NUMBER NAME; ignored (first of 3 lines)
//
// Paraver skips such lines without a word; a typo in a .pcf then silently
// leaves states with their numbers for names.
//
// Plain data; no threading concerns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/input_error.h"

namespace tracedb::paraver {

struct NotedLines {
  uint64_t count = 0;
  uint64_t first_line = 0;  // 1-based
  std::string first_problem;

  void Add(uint64_t line, std::string problem) {
    if (count++ == 0) {
      first_line = line;
      first_problem = std::move(problem);
    }
  }
};

// "'TEXT'", the text cut to 40 bytes at most (between UTF-8 characters, with
// "…"): what a message quotes of a line.
std::string QuotedLine(std::string_view line);

// The warning of `noted` (count > 0) in `file`: the first problem, and how
// many lines there are.
InputError NotedLinesWarning(const std::string& file, const NotedLines& noted);

}  // namespace tracedb::paraver

// RowNames: the object names of a .row file, per level, in the global order
// of that level (threads: application by application, task by task):
//
//   LEVEL CPU           SIZE 8
//   PROCESSOR 0         # Object CPU 1.1
//
// A LEVEL line starts a block of SIZE label lines. Lines starting with '#'
// are comments and do not count; a later '#' starts a comment; a blank line
// in a block is an empty label. A block may name fewer objects than the
// header has: the others, and those with empty labels, keep default names.
// Noted for a warning (noted_lines.h), and ignored: LEVEL lines that are not
// LEVEL NAME SIZE N, and lines outside a block (before the first, past a
// block's SIZE). A block of fewer labels than its SIZE is not: the format
// allows it (paraver-format.md).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "format/paraver/noted_lines.h"

namespace tracedb::paraver {

struct RowNames {
  // "CPU", "NODE", "APPL", "TASK", "THREAD" (also SYSTEM, WORKLOAD) -> labels.
  std::map<std::string, std::vector<std::string>, std::less<>> levels;
  NotedLines ignored;  // skipped lines, for a warning

  // The label of object `index` (from 0) of `level`; empty when none.
  std::string_view Label(std::string_view level, size_t index) const;
};

RowNames ParseRow(std::string_view text);

}  // namespace tracedb::paraver

// FormatTextTable: a ResultTable as aligned columns for a terminal, the
// default output of `tracedb query`, `list` and `info`:
//
//   value        count(*)
//   Computing          16
//   MPI_Barrier         8
//
// Columns are two spaces apart; numbers align right, text left; NULL is an
// empty cell; no line ends in spaces. Widths count UTF-8 code points (wide
// CJK glyphs will still misalign). Control characters in text are shown
// escaped (\n, \t, \r, \x01) so that one row stays one line.
//
// Plain function; no threading concerns.
#pragma once

#include <string>
#include <vector>

#include "results/result_table.h"

namespace tracedb {

enum class Align {
  kAuto,  // right when every non-NULL cell of the column is a number
  kLeft,
  kRight,
};

struct TextTableOptions {
  std::vector<Align> align;  // per column; columns beyond its end are kAuto
  bool header = true;        // print the column names as the first line
};

// Every line ends in '\n'; a table without columns is "".
std::string FormatTextTable(const ResultTable& table, const TextTableOptions& options = {});

// The same in pieces, for rows that stream: the widths and alignment are
// taken from the rows at hand (the first ones), and later rows are laid out
// by them; a wider cell then pushes the rest of its line right.
struct TextLayout {
  std::vector<size_t> widths;  // per column, in code points
  std::vector<bool> right;     // per column: aligned right
};

TextLayout LayOutTextTable(const ResultTable& table, const TextTableOptions& options = {});

// The layout of every row without holding them: Add each row, then Layout
// gives what LayOutTextTable gives for the table of them all.
class TextLayoutBuilder {
 public:
  TextLayoutBuilder(const std::vector<std::string>& columns, const TextTableOptions& options);
  void Add(const std::vector<Cell>& row);
  TextLayout Layout() const;

 private:
  std::vector<Align> align_;
  std::vector<size_t> widths_;
  std::vector<bool> numbers_;  // per column: no cell but numbers and NULLs so far
  std::vector<bool> any_;      // per column: a non-NULL cell so far
};
void AppendTextHeader(std::string* out, const std::vector<std::string>& columns,
                      const TextLayout& layout);
void AppendTextRow(std::string* out, const std::vector<Cell>& row, const TextLayout& layout);

}  // namespace tracedb

#include "results/matrix_text.h"

#include <algorithm>

#include "results/display_width.h"

namespace tracedb {
namespace {

// Padded to `width` columns as a terminal shows them (display_width.h).
std::string Padded(const std::string& text, size_t width, bool right) {
  size_t shown = DisplayWidth(text);
  std::string pad(width > shown ? width - shown : 0, ' ');
  return right ? pad + text : text + pad;
}

// The widest cell, column number or '.'.
size_t CellWidth(const std::vector<std::vector<std::string>>& cells) {
  size_t width = std::to_string(cells.size()).size();
  for (const auto& row : cells) {
    for (const std::string& cell : row) width = std::max(width, cell.size());
  }
  return width;
}

// "1 node1/t1", the row labels' width.
size_t LabelWidth(const std::vector<std::string>& labels) {
  size_t width = 0;
  for (size_t i = 0; i < labels.size(); ++i) {
    width = std::max(width, std::to_string(i + 1).size() + 1 + DisplayWidth(labels[i]));
  }
  return width;
}

}  // namespace

std::string FormatSquareMatrix(const std::string& title, const std::vector<std::string>& labels,
                               const std::vector<std::vector<std::string>>& cells) {
  size_t cell = CellWidth(cells), label = LabelWidth(labels);
  std::string out = title + "\n" + std::string(label, ' ');
  for (size_t column = 0; column < labels.size(); ++column) {
    out += "  " + Padded(std::to_string(column + 1), cell, true);
  }
  out += "\n";
  for (size_t row = 0; row < labels.size(); ++row) {
    out += Padded(std::to_string(row + 1) + " " + labels[row], label, false);
    for (const std::string& text : cells[row]) {
      out += "  " + Padded(text.empty() ? "." : text, cell, true);
    }
    out += "\n";
  }
  return out;
}

}  // namespace tracedb

#include "results/table_text.h"

#include <algorithm>

#include "results/display_width.h"

namespace tracedb {
namespace {

std::string EscapeControls(const std::string& text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 0xf]);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

void AppendLine(std::string* out, const std::vector<std::string>& cells, const TextLayout& layout) {
  size_t line_start = out->size();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out->append("  ");
    std::string padding(layout.widths[i] - std::min(layout.widths[i], DisplayWidth(cells[i])), ' ');
    if (layout.right[i]) out->append(padding);
    out->append(cells[i]);
    if (!layout.right[i]) out->append(padding);
  }
  size_t end = out->find_last_not_of(' ');
  out->resize(end == std::string::npos || end < line_start ? line_start : end + 1);
  out->push_back('\n');
}

std::vector<std::string> Escaped(const std::vector<std::string>& texts) {
  std::vector<std::string> cells;
  for (const std::string& text : texts) cells.push_back(EscapeControls(text));
  return cells;
}

std::vector<std::string> Escaped(const std::vector<Cell>& row) {
  std::vector<std::string> cells;
  for (const Cell& cell : row) cells.push_back(EscapeControls(cell.text));
  return cells;
}

void Widen(std::vector<size_t>& widths, const std::vector<std::string>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], DisplayWidth(cells[i]));
}

}  // namespace

TextLayout LayOutTextTable(const ResultTable& table, const TextTableOptions& options) {
  TextLayoutBuilder builder(table.columns, options);
  for (const auto& row : table.rows) builder.Add(row);
  return builder.Layout();
}

TextLayoutBuilder::TextLayoutBuilder(const std::vector<std::string>& columns,
                                     const TextTableOptions& options)
    : align_(columns.size(), Align::kAuto),
      widths_(columns.size(), 0),
      numbers_(columns.size(), true),
      any_(columns.size(), false) {
  std::copy_n(options.align.begin(), std::min(options.align.size(), align_.size()), align_.begin());
  if (options.header) Widen(widths_, Escaped(columns));
}

void TextLayoutBuilder::Add(const std::vector<Cell>& row) {
  Widen(widths_, Escaped(row));
  for (size_t i = 0; i < row.size() && i < numbers_.size(); ++i) {
    CellKind kind = row[i].kind;
    bool number = kind == CellKind::kInteger || kind == CellKind::kReal;
    numbers_[i] = numbers_[i] && (number || kind == CellKind::kNull);
    any_[i] = any_[i] || kind != CellKind::kNull;
  }
}

// kAuto: right when every non-NULL cell of the column is a number.
TextLayout TextLayoutBuilder::Layout() const {
  TextLayout layout{.widths = widths_, .right = std::vector<bool>(align_.size())};
  for (size_t i = 0; i < align_.size(); ++i) {
    layout.right[i] =
        align_[i] == Align::kRight || (align_[i] == Align::kAuto && numbers_[i] && any_[i]);
  }
  return layout;
}

void AppendTextHeader(std::string* out, const std::vector<std::string>& columns,
                      const TextLayout& layout) {
  if (!columns.empty()) AppendLine(out, Escaped(columns), layout);
}

void AppendTextRow(std::string* out, const std::vector<Cell>& row, const TextLayout& layout) {
  if (!row.empty()) AppendLine(out, Escaped(row), layout);
}

std::string FormatTextTable(const ResultTable& table, const TextTableOptions& options) {
  if (table.columns.empty()) return {};
  TextLayout layout = LayOutTextTable(table, options);
  std::string out;
  if (options.header) AppendTextHeader(&out, table.columns, layout);
  for (const auto& row : table.rows) AppendTextRow(&out, row, layout);
  return out;
}

}  // namespace tracedb

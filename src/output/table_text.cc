#include "output/table_text.h"

#include <algorithm>

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

// Code points: every byte but UTF-8 continuation bytes (10xxxxxx).
size_t DisplayWidth(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  }));
}

bool IsNumberColumn(const ResultTable& table, size_t column) {
  bool any = false;
  for (const auto& row : table.rows) {
    CellKind kind = row[column].kind;
    if (kind == CellKind::kText) return false;
    any = any || kind != CellKind::kNull;
  }
  return any;
}

std::vector<bool> RightAligned(const ResultTable& table, const TextTableOptions& options) {
  std::vector<bool> right(table.columns.size());
  for (size_t i = 0; i < right.size(); ++i) {
    Align align = i < options.align.size() ? options.align[i] : Align::kAuto;
    right[i] = align == Align::kRight || (align == Align::kAuto && IsNumberColumn(table, i));
  }
  return right;
}

void AppendLine(std::string* out, const std::vector<std::string>& cells,
                const std::vector<size_t>& widths, const std::vector<bool>& right) {
  size_t line_start = out->size();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out->append("  ");
    std::string padding(widths[i] - DisplayWidth(cells[i]), ' ');
    if (right[i]) out->append(padding);
    out->append(cells[i]);
    if (!right[i]) out->append(padding);
  }
  size_t end = out->find_last_not_of(' ');
  out->resize(end == std::string::npos || end < line_start ? line_start : end + 1);
  out->push_back('\n');
}

}  // namespace

std::string FormatTextTable(const ResultTable& table, const TextTableOptions& options) {
  if (table.columns.empty()) return {};
  std::vector<std::vector<std::string>> lines;
  if (options.header) {
    std::vector<std::string> line;
    for (const std::string& name : table.columns) line.push_back(EscapeControls(name));
    lines.push_back(std::move(line));
  }
  for (const auto& row : table.rows) {
    std::vector<std::string> line;
    for (const Cell& cell : row) line.push_back(EscapeControls(cell.text));
    lines.push_back(std::move(line));
  }
  std::vector<size_t> widths(table.columns.size(), 0);
  for (const auto& line : lines) {
    for (size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], DisplayWidth(line[i]));
  }
  std::vector<bool> right = RightAligned(table, options);
  std::string out;
  for (const auto& line : lines) AppendLine(&out, line, widths, right);
  return out;
}

}  // namespace tracedb

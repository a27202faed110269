#include "results/html_table.h"

#include "model/utf8.h"
#include "results/xml_text.h"

namespace tracedb {
namespace {

bool IsNumber(const Cell& cell) {
  return cell.kind == CellKind::kInteger || cell.kind == CellKind::kReal;
}

// A text longer than this is shown on one line, cut by the page's style
// (td.long), with its start as the cell's tooltip: a 3,000-character state
// name made its cell thousands of pixels wide or high, the numbers beside
// it off the page.
constexpr size_t kLongCell = 80;
// Bytes of a tooltip: the charts' cap (chart/svg_text.h's kTooltipLine,
// in characters), which this layer below the charts cannot include.
constexpr size_t kMaxTooltip = 1000;

std::string OpenCell(const Cell& cell) {
  if (IsNumber(cell)) return "<td class=\"num\">";
  if (cell.text.size() <= kLongCell) return "<td>";
  return "<td class=\"long\" title=\"" + XmlEscaped(CutUtf8(cell.text, kMaxTooltip)) + "\">";
}

}  // namespace

std::string HtmlTable(const ResultTable& table, const std::string& css_class) {
  std::string out = "<table class=\"" + XmlEscaped(css_class) + "\">\n<tr>";
  for (const std::string& column : table.columns) out += "<th>" + XmlEscaped(column) + "</th>";
  out += "</tr>\n";
  for (const std::vector<Cell>& row : table.rows) {
    out += "<tr>";
    for (const Cell& cell : row) {
      out += OpenCell(cell) + XmlEscaped(cell.text) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

}  // namespace tracedb

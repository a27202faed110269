#include "output/html_table.h"

#include "output/xml_text.h"

namespace tracedb {
namespace {

bool IsNumber(const Cell& cell) {
  return cell.kind == CellKind::kInteger || cell.kind == CellKind::kReal;
}

}  // namespace

std::string HtmlTable(const ResultTable& table, const std::string& css_class) {
  std::string out = "<table class=\"" + XmlEscaped(css_class) + "\">\n<tr>";
  for (const std::string& column : table.columns) out += "<th>" + XmlEscaped(column) + "</th>";
  out += "</tr>\n";
  for (const std::vector<Cell>& row : table.rows) {
    out += "<tr>";
    for (const Cell& cell : row) {
      out += IsNumber(cell) ? "<td class=\"num\">" : "<td>";
      out += XmlEscaped(cell.text) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

}  // namespace tracedb

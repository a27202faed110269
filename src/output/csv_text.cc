#include "output/csv_text.h"

namespace tracedb {
namespace {

void AppendField(std::string* out, const std::string& text, bool quote_empty) {
  bool quote = text.find_first_of(",\"\r\n") != std::string::npos || (quote_empty && text.empty());
  if (!quote) {
    out->append(text);
    return;
  }
  out->push_back('"');
  for (char c : text) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

}  // namespace

void AppendCsvHeader(std::string* out, const std::vector<std::string>& columns) {
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendField(out, columns[i], /*quote_empty=*/false);
  }
  out->push_back('\n');
}

void AppendCsvRecord(std::string* out, const std::vector<Cell>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendField(out, cells[i].text, /*quote_empty=*/cells[i].kind == CellKind::kText);
  }
  out->push_back('\n');
}

std::string FormatCsv(const ResultTable& table) {
  std::string out;
  AppendCsvHeader(&out, table.columns);
  for (const auto& row : table.rows) AppendCsvRecord(&out, row);
  return out;
}

}  // namespace tracedb

#include "results/csv_text.h"

#include <algorithm>
#include <string_view>

namespace tracedb {
namespace {

bool MustQuote(std::string_view text, bool quote_empty) {
  return text.find_first_of(",\"\r\n") != std::string_view::npos || (quote_empty && text.empty());
}

void AppendQuoted(std::string* out, std::string_view text) {
  out->push_back('"');
  for (char c : text) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

void AppendField(std::string* out, const std::string& text, bool quote_empty) {
  if (MustQuote(text, quote_empty)) {
    AppendQuoted(out, text);
  } else {
    out->append(text);
  }
}

}  // namespace

// In place, from the back: most quoted fields are an entity's extras (JSON,
// with quotes and commas), one on each row of a table that has them.
void QuoteCsvField(std::string* out, size_t start, bool quote_empty) {
  std::string_view text = std::string_view(*out).substr(start);
  if (!MustQuote(text, quote_empty)) return;
  size_t size = out->size();
  size_t quotes = std::count(text.begin(), text.end(), '"');
  out->resize(size + quotes + 2);
  char* field = out->data() + start;
  size_t to = size - start + quotes + 1;
  field[to] = '"';
  for (size_t from = size - start; from-- > 0;) {
    field[--to] = field[from];
    if (field[from] == '"') field[--to] = '"';
  }
  field[0] = '"';
}

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

void SplitCsvRecord(std::string_view record, std::vector<std::string_view>* fields) {
  fields->clear();
  if (!record.empty() && record.back() == '\n') record.remove_suffix(1);
  size_t start = 0;
  bool quoted = false;
  for (size_t i = 0; i < record.size(); ++i) {
    if (record[i] == '"') {
      quoted = !quoted;  // a doubled quote turns it off and on again
    } else if (record[i] == ',' && !quoted) {
      fields->push_back(record.substr(start, i - start));
      start = i + 1;
    }
  }
  fields->push_back(record.substr(start));
}

}  // namespace tracedb

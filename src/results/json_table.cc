#include "results/json_table.h"

#include <unordered_set>

#include "model/json_text.h"

namespace tracedb {
namespace {

// FormatReal writes "inf", "-inf" and "nan" for the values JSON lacks.
bool IsFiniteText(const std::string& text) { return text.find_first_of("in") == std::string::npos; }

}  // namespace

void AppendJsonValue(std::string* out, const Cell& cell) {
  switch (cell.kind) {
    case CellKind::kNull:
      out->append("null");
      return;
    case CellKind::kInteger:
      out->append(cell.text);
      return;
    case CellKind::kReal:
      out->append(IsFiniteText(cell.text) ? cell.text : "null");
      return;
    case CellKind::kText:
      AppendJsonString(out, cell.text);
      return;
    case CellKind::kBoolean:
    case CellKind::kJson:
      out->append(cell.text);
      return;
  }
}

void AppendJsonObject(std::string* out, const std::vector<std::string>& columns,
                      const std::vector<Cell>& cells) {
  out->push_back('{');
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendJsonString(out, columns[i]);
    out->push_back(':');
    AppendJsonValue(out, cells[i]);
  }
  out->push_back('}');
}

void AppendJsonArraySeparator(std::string* out, size_t index) {
  out->append(index == 0 ? "[\n" : ",\n");
}

void AppendJsonArrayEnd(std::string* out, size_t count) {
  out->append(count == 0 ? "[]\n" : "\n]\n");
}

std::vector<std::string> DistinctKeys(std::vector<std::string> columns) {
  std::unordered_set<std::string> taken(columns.begin(), columns.end());
  if (taken.size() == columns.size()) return columns;
  std::unordered_set<std::string> seen;
  for (std::string& column : columns) {
    if (seen.insert(column).second) continue;
    std::string key;
    for (int n = 2; key.empty() || taken.contains(key); ++n) key = column + "_" + std::to_string(n);
    taken.insert(key);
    column = std::move(key);
  }
  return columns;
}

std::string FormatJsonArray(const ResultTable& table) {
  std::string out;
  std::vector<std::string> keys = DistinctKeys(table.columns);
  for (size_t i = 0; i < table.rows.size(); ++i) {
    AppendJsonArraySeparator(&out, i);
    AppendJsonObject(&out, keys, table.rows[i]);
  }
  AppendJsonArrayEnd(&out, table.rows.size());
  return out;
}

}  // namespace tracedb

#include "cli/table_output.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "output/csv_text.h"
#include "output/json_table.h"

namespace tracedb {
namespace {

constexpr int kTextDigits = 9;

std::string RoundedText(ResultTable table, const TextTableOptions& text) {
  for (std::vector<Cell>& row : table.rows) {
    for (Cell& cell : row) {
      if (cell.kind == CellKind::kReal) {
        cell.text = FormatRealDigits(std::strtod(cell.text.c_str(), nullptr), kTextDigits);
      }
    }
  }
  return FormatTextTable(table, text);
}

}  // namespace

void PrintTable(const ResultTable& table, QueryFormat format, const TextTableOptions& text) {
  std::string out = format == QueryFormat::kCsv    ? FormatCsv(table)
                    : format == QueryFormat::kJson ? FormatJsonArray(table)
                                                   : RoundedText(table, text);
  std::fwrite(out.data(), 1, out.size(), stdout);
}

}  // namespace tracedb

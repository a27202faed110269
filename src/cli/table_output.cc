#include "cli/table_output.h"

#include <cstdio>
#include <string>

#include "output/csv_text.h"
#include "output/json_table.h"

namespace tracedb {
namespace {

constexpr int kTextDigits = 9;
// The text table's widths come from this many rows.
constexpr size_t kLayoutRows = 1000;
// Output is written in pieces of about this size.
constexpr size_t kFlushBytes = 1 << 16;

std::string RoundedText(ResultTable table, const TextTableOptions& text) {
  RoundReals(&table, kTextDigits);
  return FormatTextTable(table, text);
}

void Write(std::string* out) {
  std::fwrite(out->data(), 1, out->size(), stdout);
  out->clear();
}

}  // namespace

void PrintTable(const ResultTable& table, QueryFormat format, const TextTableOptions& text) {
  std::string out = format == QueryFormat::kCsv    ? FormatCsv(table)
                    : format == QueryFormat::kJson ? FormatJsonArray(table)
                                                   : RoundedText(table, text);
  Write(&out);
}

TablePrinter::TablePrinter(QueryFormat format, std::vector<std::string> columns)
    : format_(format), first_{.columns = std::move(columns)} {
  if (format_ == QueryFormat::kCsv) AppendCsvHeader(&out_, first_.columns);
}

void TablePrinter::Add(std::vector<Cell> row) {
  if (format_ == QueryFormat::kCsv) {
    AppendCsvRecord(&out_, row);
  } else if (format_ == QueryFormat::kJson) {
    AppendJsonArraySeparator(&out_, rows_);
    AppendJsonObject(&out_, first_.columns, row);
  } else {
    RoundReals(&row, kTextDigits);
    if (laid_out_) {
      AppendTextRow(&out_, row, layout_);
    } else {
      first_.rows.push_back(std::move(row));
      if (first_.rows.size() == kLayoutRows) StartText();
    }
  }
  ++rows_;
  Flush(false);
}

void TablePrinter::Finish() {
  if (format_ == QueryFormat::kJson) AppendJsonArrayEnd(&out_, rows_);
  if (format_ == QueryFormat::kText && !laid_out_) StartText();
  Flush(true);
}

// The header and the rows held back, laid out by those rows.
void TablePrinter::StartText() {
  layout_ = LayOutTextTable(first_);
  AppendTextHeader(&out_, first_.columns, layout_);
  for (const std::vector<Cell>& row : first_.rows) AppendTextRow(&out_, row, layout_);
  first_.rows.clear();
  laid_out_ = true;
}

void TablePrinter::Flush(bool all) {
  if (all || out_.size() >= kFlushBytes) Write(&out_);
}

}  // namespace tracedb

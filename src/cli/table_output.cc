#include "cli/table_output.h"

#include <cstdio>
#include <string>

#include "results/csv_text.h"
#include "results/json_table.h"

namespace tracedb {
namespace {

constexpr int kTextDigits = 9;
// The text table's widths come from this many rows.
constexpr size_t kLayoutRows = 1000;
// Output is written in pieces of about this size.
constexpr size_t kFlushBytes = 1 << 16;

void Write(std::string* out) {
  std::fwrite(out->data(), 1, out->size(), stdout);
  out->clear();
}

void WriteIfFull(std::string* out) {
  if (out->size() >= kFlushBytes) Write(out);
}

// Row i, its reals rounded for the text table.
std::vector<Cell> TextRow(const RowSource& rows, size_t i) {
  std::vector<Cell> row = rows.row(i);
  RoundReals(&row, kTextDigits);
  return row;
}

// Laid out by every row: each row is made once for the widths, once to
// print.
void PrintText(const RowSource& rows, const TextTableOptions& text, std::string* out) {
  if (rows.columns.empty()) return;
  TextLayoutBuilder builder(rows.columns, text);
  for (size_t i = 0; i < rows.size; ++i) builder.Add(TextRow(rows, i));
  TextLayout layout = builder.Layout();
  if (text.header) AppendTextHeader(out, rows.columns, layout);
  for (size_t i = 0; i < rows.size; ++i) {
    AppendTextRow(out, TextRow(rows, i), layout);
    WriteIfFull(out);
  }
}

}  // namespace

// No row is held: the cells of 416,000 rows (a profile per container of
// 80,000 threads) took 150 MB. CSV and JSON stream as a query's rows do,
// JSON's keys told apart.
void PrintRows(const RowSource& rows, QueryFormat format, const TextTableOptions& text) {
  if (format == QueryFormat::kText) {
    std::string out;
    PrintText(rows, text, &out);
    Write(&out);
    return;
  }
  TablePrinter printer(format,
                       format == QueryFormat::kJson ? DistinctKeys(rows.columns) : rows.columns);
  for (size_t i = 0; i < rows.size; ++i) printer.Add(rows.row(i));
  printer.Finish();
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

// tracedb query: one SQL statement over the archive, its rows printed as a
// text table, CSV or JSON.
//
// Read-only: each backend refuses a statement that would write, runs it in
// a read-only transaction and rolls that back (TraceReader::Query).
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "results/json_table.h"
#include "results/table_text.h"

namespace tracedb {
namespace {

// Output is written in pieces of about this size as rows arrive.
constexpr size_t kFlushBytes = 1 << 16;

void Write(std::string* out) {
  std::fwrite(out->data(), 1, out->size(), stdout);
  out->clear();
}

// The text table takes its widths from the first kLayoutRows rows and
// streams the rest through them: memory stays bounded and the first lines
// show at once (`| head`), at the price of a later, wider cell pushing the
// rest of its line right.
constexpr size_t kLayoutRows = 1000;

void StreamTable(RowCursor& cursor) {
  ResultTable first{.columns = ColumnNames(cursor)};
  bool more = true;  // a cursor may start again when asked past its end
  while (first.rows.size() < kLayoutRows && (more = cursor.Next())) {
    first.rows.push_back(RowCells(cursor));
  }
  TextLayout layout = LayOutTextTable(first);
  std::string out;
  AppendTextHeader(&out, first.columns, layout);
  for (const auto& row : first.rows) AppendTextRow(&out, row, layout);
  first.rows.clear();
  while (more && cursor.Next()) {
    AppendTextRow(&out, RowCells(cursor), layout);
    if (out.size() >= kFlushBytes) Write(&out);
  }
  Write(&out);
}

void StreamCsv(RowCursor& cursor) {
  std::string out;
  AppendCsvHeader(&out, ColumnNames(cursor));
  while (cursor.Next()) {
    AppendCsvRecord(&out, cursor);
    if (out.size() >= kFlushBytes) Write(&out);
  }
  Write(&out);
}

// tracedb's JSON columns (trace.metadata and tags, SQLite's extra) are text: by
// their name, their objects are nested in JSON output (PostgreSQL's extra is
// jsonb, nested by its type).
// Only there: the other outputs print the text and need no check of it.
std::vector<size_t> JsonColumns(const std::vector<std::string>& columns) {
  std::vector<size_t> json;
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] == "extra" || columns[i] == "metadata" || columns[i] == "tags") {
      json.push_back(i);
    }
  }
  return json;
}

void StreamJson(RowCursor& cursor) {
  std::vector<std::string> columns = ColumnNames(cursor);
  std::vector<size_t> json = JsonColumns(columns);
  columns = DistinctKeys(std::move(columns));
  std::string out;
  size_t count = 0;
  while (cursor.Next()) {
    std::vector<Cell> cells = RowCells(cursor);
    for (size_t i : json) {
      if (cells[i].kind == CellKind::kText && cells[i].text.starts_with('{')) {
        cells[i] = JsonCell(std::move(cells[i].text));
      }
    }
    AppendJsonArraySeparator(&out, count++);
    AppendJsonObject(&out, columns, cells);
    if (out.size() >= kFlushBytes) Write(&out);
  }
  AppendJsonArrayEnd(&out, count);
  Write(&out);
}

void Print(RowCursor& cursor, QueryFormat format) {
  if (cursor.ColumnCount() == 0) {  // BEGIN, a PRAGMA that sets: nothing to print
    while (cursor.Next()) {
    }
    return;
  }
  switch (format) {
    case QueryFormat::kText:
      StreamTable(cursor);
      return;
    case QueryFormat::kCsv:
      StreamCsv(cursor);
      return;
    case QueryFormat::kJson:
      StreamJson(cursor);
      return;
  }
}

}  // namespace

int RunQuery(const QueryArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  Print(*archive->reader->Query(args.sql), args.format);
  return 0;
}

}  // namespace tracedb

// tracedb query: one SQL statement over the archive, its rows printed as a
// text table, CSV or JSON.
//
// Read-only: each backend refuses a statement that would write, runs it in
// a read-only transaction and rolls that back (TraceReader::Query).
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "db/sql_statements.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "results/json_table.h"
#include "results/table_text.h"

namespace tracedb {
namespace query_command {
namespace {

constexpr OptionGroup kGroups[] = {kDatabaseGroup, kTableFormatGroup};

constexpr UsageForm kUsage[] = {{.operands = "SQL"}};

constexpr const char* kDescription =
    "Run one SQL statement over a database, in that database's dialect\n"
    "(SQLite or PostgreSQL), and print its rows. Read-only: a statement\n"
    "that would write is refused, and so is a second statement. Tables and\n"
    "views: tracedb schema --documented; the *_view views show complete\n"
    "traces with names instead of ids.\n"
    "\n"
    "Output: an aligned table (NULL as an empty cell; the widths of the first\n"
    "1000 rows); --csv, RFC 4180 with a header and LF line ends; --json, an\n"
    "array of objects, one per line, where a column name that repeats (SELECT *\n"
    "of a join) is suffixed _2, _3, ... to keep every value.\n";

constexpr const char* kExamples =
    "# Time per state value in trace 1\n"
    "tracedb query \"SELECT value, sum(duration) FROM state_view\n"
    "               WHERE trace_id = 1 GROUP BY value\"\n"
    "# Every state of trace 1 as CSV, into a file\n"
    "tracedb query --csv \"SELECT * FROM state_view WHERE trace_id = 1\" > states.csv\n";

struct QueryArgs {
  std::string db;
  std::string sql;  // one statement; it must not write
  QueryFormat format = QueryFormat::kText;
};


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

int Query(const QueryArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  Print(*archive->reader->Query(args.sql), args.format);
  return 0;
}


int Run(const Arguments& arguments) {
  if (arguments.operands.empty()) throw UsageError("missing SQL");
  if (arguments.operands.size() > 1) throw UsageError("give the SQL as one argument (in quotes)");
  std::string sql = arguments.operands.front();
  size_t statements = CountStatements(sql);
  if (statements == 0) throw UsageError("no SQL statement given (tracedb schema shows the tables)");
  if (statements > 1) {
    throw UsageError("one statement at a time: this SQL holds " + std::to_string(statements));
  }
  return Query(QueryArgs{.db = DatabaseArgument(arguments), .sql = sql,
                         .format = OutputFormat(arguments)});
}

}  // namespace
}  // namespace query_command

const Command kQueryCommand{
    .name = "query",
    .summary = "run one read-only SQL statement; text table, CSV or JSON",
    .usage = query_command::kUsage,
    .options = query_command::kGroups,
    .description = query_command::kDescription,
    .examples = query_command::kExamples,
    .dashed_operands = true,
    .run = query_command::Run,
};

}  // namespace tracedb

// tracedb query: one SQL statement over the archive, its rows printed as a
// text table, CSV or JSON.
//
// Read-only three times over: a statement that would write is refused
// before it runs (sqlite3_stmt_readonly), with a message saying why;
// PRAGMA query_only makes SQLite itself refuse any write the check missed;
// and the statement runs in a transaction that is always rolled back.
// (ATTACH counts as reading, and creates an empty file when the one named
// does not exist; its database is read-only too, under query_only.)
#include <cstdio>
#include <string>

#include "cli/commands.h"
#include "cli/open_archive.h"
#include "cli/statement_cells.h"
#include "db/db_error.h"
#include "output/csv_text.h"
#include "output/json_table.h"
#include "output/table_text.h"

namespace tracedb {
namespace {

// Output is written in pieces of about this size as rows arrive.
constexpr size_t kFlushBytes = 1 << 16;

void Write(std::string* out) {
  std::fwrite(out->data(), 1, out->size(), stdout);
  out->clear();
}

// The text table needs every row for its widths, so it is built whole.
void PrintTable(SqliteStatement& statement) {
  ResultTable table{.columns = ColumnNames(statement)};
  while (statement.Step()) table.rows.push_back(RowCells(statement));
  std::string out = FormatTextTable(table);
  Write(&out);
}

void StreamCsv(SqliteStatement& statement) {
  std::string out;
  AppendCsvHeader(&out, ColumnNames(statement));
  while (statement.Step()) {
    AppendCsvRecord(&out, RowCells(statement));
    if (out.size() >= kFlushBytes) Write(&out);
  }
  Write(&out);
}

void StreamJson(SqliteStatement& statement) {
  std::vector<std::string> columns = ColumnNames(statement);
  std::string out;
  size_t count = 0;
  while (statement.Step()) {
    AppendJsonArraySeparator(&out, count++);
    AppendJsonObject(&out, columns, RowCells(statement));
    if (out.size() >= kFlushBytes) Write(&out);
  }
  AppendJsonArrayEnd(&out, count);
  Write(&out);
}

void RunStatement(SqliteConnection& connection, const QueryArgs& args) {
  SqliteStatement statement = connection.Prepare(args.sql);
  if (!statement.IsReadOnly()) {
    throw DbError(args.db,
                  "tracedb query is read-only and this statement would write "
                  "(tracedb delete removes traces)");
  }
  if (statement.ColumnCount() == 0) {  // BEGIN, a PRAGMA that sets: nothing to print
    while (statement.Step()) {
    }
    return;
  }
  switch (args.format) {
    case QueryFormat::kText:
      PrintTable(statement);
      return;
    case QueryFormat::kCsv:
      StreamCsv(statement);
      return;
    case QueryFormat::kJson:
      StreamJson(statement);
      return;
  }
}

}  // namespace

int RunQuery(const QueryArgs& args) {
  auto connection = OpenArchive(args.db);
  connection->Exec("PRAGMA query_only = ON; BEGIN");
  RunStatement(*connection, args);
  connection->Rollback();
  return 0;
}

}  // namespace tracedb

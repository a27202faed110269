// The current row of a SqliteStatement as output cells (result_table.h),
// for commands that print what a query returned. A BLOB, which no tracedb
// table holds, becomes text in SQL literal form: x'0a1b'.
// Same thread as the statement.
#pragma once

#include <string>
#include <vector>

#include "db/sqlite_connection.h"
#include "output/result_table.h"

namespace tracedb {

std::vector<std::string> ColumnNames(const SqliteStatement& statement);
std::vector<Cell> RowCells(const SqliteStatement& statement);

}  // namespace tracedb

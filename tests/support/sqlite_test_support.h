// Helpers for the database tests: fresh database files, whole query results
// as text rows to compare exactly, and a few rows in every entity table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/db_error.h"
#include "db/sqlite/sqlite_connection.h"

namespace tracedb::testing {

// The text of the DbError `action` throws, or "no error".
template <typename Action>
std::string ErrorOf(Action action) {
  try {
    action();
  } catch (const DbError& e) {
    return e.what();
  }
  return "no error";
}

// A path in this test process's temporary folder with no database (nor WAL
// or shared-memory file) behind it.
std::string FreshDbPath(const std::string& name);

// Every row of `sql`, columns joined by '|', NULL written as "NULL" and
// numbers as SQLite prints them ("1.5", "2.0").
std::vector<std::string> Rows(SqliteConnection& connection, const std::string& sql);

// The exact file contents, to show a file was left untouched.
std::string FileBytes(const std::string& path);

// One row in each entity table for trace `trace_id`: root container 0 ("0")
// and container 1 ("rank0") of type 1, a state, an event, a variable and a
// link, named as in schema_views_test.cc.
void InsertSampleRows(SqliteConnection& connection, int64_t trace_id);
// The INSERT statements of InsertSampleRows, valid in both dialects.
std::string SampleRowsSql(int64_t trace_id);

// How many rows of trace `trace_id` each table holds: "container=2", ...
// for every table with a trace_id column, by table name.
std::vector<std::string> RowCounts(SqliteConnection& connection, int64_t trace_id);

}  // namespace tracedb::testing

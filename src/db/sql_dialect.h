// Whose SQL a backend speaks, for the few questions whose fast form differs
// (a time window's search: SQLite's CROSS JOIN, PostgreSQL's LATERAL; a
// trace's rows by rowid range on SQLite, db/trace_row_range.h).
//
// A constant; no threading concerns.
#pragma once

namespace tracedb {

enum class SqlDialect { kSqlite, kPostgres };

}  // namespace tracedb

// TraceRowsWhere: the condition that picks one trace's rows of a table, for
// a read of all of them that sorts them itself (or needs no order).
//
// SQLite would find them through an index on (trace_id, ...), which visits
// them in the index's order, each on another page of the table than the
// last when that is not the order they were inserted in: 1.8 million rows
// of state_profile took 9-17 s, against under a second in rowid order. One
// load (or one summarize) inserts a trace's rows together, one range of
// rowids: that range is read, trace_id still checked, so rows of another
// trace in the range could never slip in. Finding the range scans the
// trace's entries of a (trace_id, ...) index, the rows left alone: 1.3 s
// for the 7.5 million states of the 1 GB bench trace, less than the seeks
// it saves. PostgreSQL keeps each trace in partitions of its own: there
// the condition is trace_id = $1.
//
// No state; the range is looked up through `select`, on the caller's
// thread, in the caller's snapshot.
#pragma once

#include <string>
#include <string_view>

#include "db/sql_dialect.h"
#include "db/stored_trace_reader.h"

namespace tracedb {

// `table`: a table with a trace_id column, named by the caller (never a
// user's text). The condition binds the trace id as $1.
std::string TraceRowsWhere(SqlDialect dialect, const SelectRows& select, std::string_view table);

}  // namespace tracedb

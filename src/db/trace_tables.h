// The tables of one trace as whole rows, for every backend: what `tracedb
// export-csv` writes, one file per table. Each SELECT (TraceTableSql) takes
// the trace's id as $1 and returns every column of the table, in the
// table's own column order (the same in both dialects), so that a file
// loads back into a table of that schema.
//
// Rows come in a fixed order that both backends produce alike: by id for
// the tables with a key; by container, then time, then the other numbers
// for the entity tables, whose indexes (trace_id, container_id, time) give
// that order without a sort of the whole table. A link's missing start
// sorts first, as that index has it; its missing end, and the value ids of
// numbered events, last. The summaries by their key.
//
// On SQLite, the entity tables are read in their index's order only, and
// the reader sorts each run of rows equal in (container, time) on the rest
// of the order (db/tie_sort.h): SQLite's own sorter, started afresh for each
// such run, cost the 7.5 million states of the 1 GB bench trace 4 s.
//
// Two tables, state_profile and link_summary, have no index in that
// order: SQLite reads them by rowid and sorts them (db/trace_row_range.h).
//
// export-csv reads the tables by units, several at once, each unit in one
// snapshot (on SQLite, each reader has its own): the trace's row goes with
// the summaries, which `tracedb summarize` rewrites together with it in one
// transaction. Units are numbered biggest first (in the bench traces), the
// order readers take them in.
//
// Constants and a function of them; no threading concerns.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "db/row_cursor.h"
#include "db/sql_dialect.h"
#include "db/stored_trace_reader.h"

namespace tracedb {

struct TraceTable {
  const char* name;   // the table, and the file name without ".csv"
  const char* order;  // ORDER BY; "" for the trace's one row
  int unit;           // read with the tables of the same unit
  bool scan = false;  // SQLite reads the trace's rowid range, sorted
  // The first keys of `order` that the table's index gives; on SQLite the
  // reader sorts on the others (db/tie_sort.h). 0: SQLite sorts them all.
  int index_keys = 0;
};

inline constexpr int kTraceTableUnits = 6;

inline constexpr std::array<TraceTable, 15> kTraceTables = {{
    {"trace", "", 4},
    {"type", "id", 5},
    {"value", "id", 5},
    {"container", "id", 5},
    {"state", "container_id, start_time, depth, end_time, type_id, value_id", 0, false, 2},
    {"event", "container_id, time, type_id, value_id NULLS LAST, number", 3, false, 2},
    {"variable", "container_id, start_time, type_id, end_time, value", 1, false, 2},
    {"link",
     "container_id, start_time NULLS FIRST, end_time NULLS LAST, type_id, value_id,"
     " start_container_id NULLS LAST, end_container_id NULLS LAST",
     2, false, 2},
    {"state_summary", "container_id, type_id, value_id", 4},
    {"event_summary", "container_id, type_id, value_id NULLS LAST", 4},
    {"variable_summary", "container_id, type_id", 4},
    {"link_summary", "type_id, start_container_id NULLS LAST, end_container_id NULLS LAST", 4,
     true},
    {"state_profile", "type_id, value_id, bin", 4, true},
    {"state_duration", "duration_class", 4},
    {"call_path", "path_id", 4},
}};

// The SELECT of every column of `table` for the trace whose id it binds
// as $1; `select` finds a scanned table's rowid range.
std::string TraceTableSql(const TraceTable& table, SqlDialect dialect, const SelectRows& select);

// Whether TraceTableSql leaves the keys after `index_keys` to the reader.
bool TiesLeftToReader(const TraceTable& table, SqlDialect dialect);

// The terms of `table.order`, as written: "value_id NULLS LAST".
std::vector<std::string> OrderTerms(const TraceTable& table);

}  // namespace tracedb

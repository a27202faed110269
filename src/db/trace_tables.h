// The tables of one trace as whole rows, the same SQL for every backend:
// what `tracedb export-csv` writes, one file per table. Each SELECT takes
// the trace's id as $1 and returns every column of the table, in the
// table's own column order (the same in both dialects), so that a file
// loads back into a table of that schema.
//
// Rows come in a fixed order that both backends produce alike: by id for
// the tables with a key; by container, then time, then the other numbers
// for the entity tables, whose indexes (trace_id, container_id, time) give
// that order without a sort of the whole table. Links' missing ends, and
// the value ids of numbered events, sort last, as PostgreSQL has them
// (SQLite would put NULL first). The summaries, which are small, by their
// key.
//
// Constants; no threading concerns.
#pragma once

#include <array>

namespace tracedb {

struct TraceTable {
  const char* name;  // the table, and the file name without ".csv"
  const char* sql;   // $1: the trace id
};

inline constexpr std::array<TraceTable, 14> kTraceTables = {{
    {"trace", "SELECT * FROM trace WHERE id = $1"},
    {"type", "SELECT * FROM type WHERE trace_id = $1 ORDER BY id"},
    {"value", "SELECT * FROM value WHERE trace_id = $1 ORDER BY id"},
    {"container", "SELECT * FROM container WHERE trace_id = $1 ORDER BY id"},
    {"state",
     "SELECT * FROM state WHERE trace_id = $1"
     " ORDER BY container_id, start_time, depth, end_time, type_id, value_id"},
    {"event",
     "SELECT * FROM event WHERE trace_id = $1"
     " ORDER BY container_id, time, type_id, value_id NULLS LAST, number"},
    {"variable",
     "SELECT * FROM variable WHERE trace_id = $1"
     " ORDER BY container_id, start_time, type_id, end_time, value"},
    {"link",
     "SELECT * FROM link WHERE trace_id = $1"
     " ORDER BY container_id, start_time NULLS LAST, end_time NULLS LAST, type_id, value_id,"
     " start_container_id NULLS LAST, end_container_id NULLS LAST"},
    {"state_summary",
     "SELECT * FROM state_summary WHERE trace_id = $1 ORDER BY container_id, type_id, value_id"},
    {"event_summary",
     "SELECT * FROM event_summary WHERE trace_id = $1"
     " ORDER BY container_id, type_id, value_id NULLS LAST"},
    {"variable_summary",
     "SELECT * FROM variable_summary WHERE trace_id = $1 ORDER BY container_id, type_id"},
    {"link_summary",
     "SELECT * FROM link_summary WHERE trace_id = $1"
     " ORDER BY type_id, start_container_id NULLS LAST, end_container_id NULLS LAST"},
    {"state_profile",
     "SELECT * FROM state_profile WHERE trace_id = $1 ORDER BY type_id, value_id, bin"},
    {"state_duration", "SELECT * FROM state_duration WHERE trace_id = $1 ORDER BY duration_class"},
}};

}  // namespace tracedb

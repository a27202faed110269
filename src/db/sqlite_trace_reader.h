// ReadStoredTrace: replays a trace stored in a SQLite tracedb database into
// a Registry and an EntitySink, so that `tracedb dump --db` prints it with
// the same DumpWriter as a file. The registry gets the stored types, values
// and containers under their stored ids; then every row goes to the sink:
// containers, states, events, variables, links. Throws DbError.
#pragma once

#include <cstdint>

#include "db/sqlite_connection.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb {

void ReadStoredTrace(SqliteConnection& connection, int64_t trace_id, Registry* registry,
                     EntitySink* sink);

}  // namespace tracedb

// PgTraceLoad: one ingest into PostgreSQL, on a PgSession of its own.
//
//   1. The trace row is committed as "loading" while the session takes a
//      session-level advisory lock on (kLoadLock, id): whoever can take that
//      lock later knows the loader is gone, on any host.
//   2. One transaction then creates the trace's partition tables (no indexes),
//      COPYs every batch into them, attaches them (building the indexes),
//      marks the trace complete and drops a replaced trace, and commits.
//
// A failure rolls the transaction back (the tables vanish with it) and marks
// the trace failed. A killed loader's transaction is aborted by the server;
// its "loading" row stays until Archive::CleanInterrupted finds its lock free.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "db/archive.h"
#include "db/pg_copy_writer.h"
#include "db/pg_session.h"

namespace tracedb {

// The advisory lock class of loads, "trac" (pg_advisory_lock(int, int)).
inline constexpr int kLoadLock = 0x74726163;
// The class of publishing a content (hashtext of its sha256), "trad": loads
// of the same file publish one after the other, and the second gives way.
inline constexpr int kContentLock = 0x74726164;

// "SELECT FUNCTION(kLoadLock, ID)": pg_advisory_lock, pg_try_advisory_lock,
// pg_advisory_unlock on trace ID's load lock.
std::string LoadLockSql(const char* function, int64_t trace_id);

std::unique_ptr<TraceLoad> BeginPostgresLoad(const std::string& conninfo, const std::string& name,
                                             const TraceInfo& info);

}  // namespace tracedb

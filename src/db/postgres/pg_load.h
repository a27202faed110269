// PgTraceLoad: one ingest into PostgreSQL, on two PgSessions of its own.
//
//   1. The trace row is committed as "loading" while the first session takes
//      a session-level advisory lock on (kLoadLock, id): whoever can take
//      that lock later knows the loader is gone, on any host.
//   2. Each session opens a transaction, creates its lane's partition tables
//      (pg_copy_writer.h; no indexes) and COPYs every batch into them.
//   3. The second session indexes its partitions while the first attaches
//      its own (building their indexes). The first drops a replaced trace,
//      the second commits, and the first attaches the second's partitions
//      (adopting their indexes), marks the trace complete, and commits.
//
// A failure rolls both transactions back (the tables vanish with them), drops
// the second lane's tables if they were committed, and marks the trace
// failed. A killed loader's transactions are aborted by the server; its
// "loading" row, and the second lane's tables if committed, stay until
// TraceLoader::CleanInterrupted finds its lock free.
//
// One thread at a time: the writer is used on the pipeline's writer thread,
// and Publish or Fail come after it stops. Inside, two threads: the
// constructor opens the second session and creates its lane's tables on a
// thread of its own while the first creates its own (joined before it
// returns or throws), and Publish indexes the second lane on a thread of its
// own while it attaches the first.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "db/postgres/pg_copy_writer.h"
#include "db/postgres/pg_session.h"
#include "db/trace_loader.h"

namespace tracedb {

// The advisory lock class of loads, "trac" (pg_advisory_lock(int, int)).
inline constexpr int kLoadLock = 0x74726163;
// The class of publishing a content (hashtext of its sha256), "trad": loads
// of the same file publish one after the other, and the second gives way.
inline constexpr int kContentLock = 0x74726164;

// The class of a load's gap between its two commits, "trae" (key 0): taken
// exclusively by the load (in its transaction) before its second connection
// commits, and shared by `tracedb query` while it declares its cursor. A
// cursor's snapshot is taken before PostgreSQL reads which partitions the
// query scans, from the current catalog: declared in the gap, it would see
// the second connection's rows of a trace whose row says "loading".
inline constexpr int kPublishGapLock = 0x74726165;

// "SELECT FUNCTION(kPublishGapLock, 0)": pg_advisory_xact_lock,
// pg_advisory_lock_shared, pg_advisory_unlock_shared.
std::string PublishGapLockSql(const char* function);

// "SELECT FUNCTION(kLoadLock, ID)": pg_advisory_lock, pg_try_advisory_lock,
// pg_advisory_unlock on trace ID's load lock.
std::string LoadLockSql(const char* function, int64_t trace_id);

std::unique_ptr<TraceLoad> BeginPostgresLoad(const std::string& conninfo, const std::string& name,
                                             const TraceInfo& info);

}  // namespace tracedb

// The trace catalog of a SQLite tracedb database: one trace row per load,
// its lifecycle (loading -> complete | failed), lookups and removal. Rows of
// the entity tables are written by the ingest pipeline, not here; here they
// are only deleted, from every table that has a trace_id column (found in
// the schema itself, so tables added by later migrations are covered).
//
// Lifecycle: BeginTrace commits a "loading" row at once, so other processes
// see the load (and CleanInterrupted can spot it if the loader dies).
// CompleteTrace or FailTrace ends it. A failed load keeps its trace row,
// status "failed" with the message, so `list` can say what went wrong; none
// of its entity rows remain. Views show complete traces only. HideTrace
// makes a complete trace "deleting" at once; PurgeDeleting removes its rows
// and then its trace row.
//
// All functions throw DbError; connection rules as in sqlite_connection.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/sqlite/sqlite_connection.h"
#include "db/trace_record.h"

namespace tracedb {

// Inserts and commits a trace row, status "loading", naming this host and
// process as its loader; returns its id. Must run outside a transaction.
int64_t BeginTrace(SqliteConnection& connection, const TraceInfo& info);

// Records the summary and sets status "complete". A single statement: it
// can run inside the loader's last transaction or on its own. Throws if the
// trace is not loading (deleted or cleaned up meanwhile).
void CompleteTrace(SqliteConnection& connection, int64_t id, const TraceSummary& summary);

// CompleteTrace and the removal of trace `replaced` (same content, loaded
// before). Run it inside the caller's transaction: readers then see the old
// trace or the new, never both and never neither.
void CompleteReplacing(SqliteConnection& connection, int64_t id, const TraceSummary& summary,
                       int64_t replaced);

// Deletes a trace row still "loading" that has no entity rows (a load that
// gave way to the same content). A single statement, for the caller's
// transaction.
void ForgetLoadingTrace(SqliteConnection& connection, int64_t id);

// Rolls back any transaction the loader left open, deletes the trace's
// entity rows and sets status "failed" with `message`, in one transaction.
// A trace no longer loading (complete, failed, deleted) is left as it is.
// If this throws, the caller should report the original failure, not this.
void FailTrace(SqliteConnection& connection, int64_t id, const std::string& message);

// Every trace, by id.
std::vector<TraceRecord> ListTraces(SqliteConnection& connection);

// The trace a user's TRACE argument names (db/trace_lookup.h).
std::optional<TraceRecord> FindTrace(SqliteConnection& connection, std::string_view spec);

// The lowest-id complete trace of that content, for "already loaded".
std::optional<int64_t> FindCompleteBySha(SqliteConnection& connection, std::string_view sha256);
// Whether a complete trace's file had that size (archive.h).
bool HasCompleteOfSize(SqliteConnection& connection, int64_t size_bytes);

// Removes the trace and all its rows in one transaction; false if there is
// no such trace. Refuses a trace whose loader still runs on this host.
bool DeleteTrace(SqliteConnection& connection, int64_t id);

// As DeleteTrace, but a complete trace is only hidden, in one short
// transaction: status "deleting", this process named as the one that
// removes its rows (PurgeDeleting), which the views and analyses no longer
// see. A trace already "deleting" whose remover is gone becomes this
// process's to remove.
bool HideTrace(SqliteConnection& connection, int64_t id);

// Removes the rows of every "deleting" trace that this process hid, that
// process `handed_over_by` hid (the `tracedb delete` that started this one)
// or whose remover is gone: each table in a transaction of its own, so that
// loads and other writers get their turn between them, and the trace row
// last. A kill part way leaves the trace "deleting", for the next one.
// Returns their ids.
std::vector<int64_t> PurgeDeleting(SqliteConnection& connection, int64_t handed_over_by);

// Names process `pid`, of this host, the remover of every "deleting" trace
// that this process removes or whose remover is gone, in one transaction:
// the background tracedb just started for them, which would otherwise look
// stopped to everyone else until it claims them itself. Returns their ids.
std::vector<int64_t> HandRemovalsTo(SqliteConnection& connection, int64_t pid);

// Deletes every loading trace whose loader ran on this host and is gone
// (LoaderState::kGone), each in its own transaction, and the scratch file
// its load left (db/sqlite/staged/sqlite_staged_load.h); returns their ids. Also removes
// scratch files whose trace is not loading (a loader killed after its
// publishing COMMIT, a cleanup killed after its DELETE), which nobody else
// would: they hold no rows anyone can see, only disk space.
std::vector<int64_t> CleanInterrupted(SqliteConnection& connection);

}  // namespace tracedb

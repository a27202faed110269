// CrashPoint: a fault-injection hook for the crash-consistency tests
// (tests/db/crash_consistency_test.cc). When the environment variable
// TRACEDB_CRASH_AT names the point a load is passing, the process sends
// itself SIGKILL there: no destructor, rollback or flush runs, as with
// `kill -9` or a power cut, but at a moment the test chooses instead of one
// a timer happens to hit. Unset (always, outside the tests), it does nothing
// but read the variable.
//
// TRACEDB_CRASH_AT is NAME (the first pass) or NAME@N (the Nth pass, from 1).
// The points of a load, in the order it passes them, on both backends:
//
//   trace-row    the "loading" trace row is inserted, not yet committed
//   loading      the trace row is committed; no scratch file (SQLite) or
//                partition table (PostgreSQL) exists yet
//   batch        a batch of rows is written (the pass is the batch number):
//                into a scratch part (SQLite, committed there; each part's
//                writer counts its own batches) or COPYed in the load's open
//                transaction (PostgreSQL)
//   publish      every row is written; the publishing transaction has not
//                begun (SQLite) or attached anything (PostgreSQL)
//   mid-publish  inside the publishing transaction: the tables up to state
//                (the largest) are copied into the archive's indexed tables
//                (SQLite), the partitions are attached and indexed
//                (PostgreSQL, whose second connection has committed its
//                partitions); the trace row still says "loading"
//   commit       the trace row says "complete" in the publishing
//                transaction, just before COMMIT
//   committed    just after COMMIT, before the load cleans up after itself
//                (removes its scratch files; releases its advisory lock)
//
// and one of `tracedb summarize` (SummaryStore::StoreSummaries), on both:
//
//   summarize-commit  the trace's new summary rows and profile_bins are
//                     written in its transaction, just before COMMIT
//
// and one of a SQLite trace's background removal (PurgeDeleting, in
// db/sqlite/trace_catalog.h):
//
//   purge        the rows of one more table are removed and committed (the
//                pass counts the tables, in name order), the trace row not yet
//
// Thread-safe: it only reads the environment, which tracedb never changes.
#pragma once

#include <cstdint>

namespace tracedb {

inline constexpr const char* kCrashAtVariable = "TRACEDB_CRASH_AT";
// The same points, for a load that fails instead of dying: TRACEDB_FAIL_AT
// makes CrashPoint throw "injected failure at NAME", which the load handles
// as any other error (rolls back, marks the trace failed).
inline constexpr const char* kFailAtVariable = "TRACEDB_FAIL_AT";

// Kills this process with SIGKILL when TRACEDB_CRASH_AT is `name` and `pass`
// is 1, or is "name@pass"; throws std::runtime_error when TRACEDB_FAIL_AT is.
void CrashPoint(const char* name, int64_t pass = 1);

}  // namespace tracedb

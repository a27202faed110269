// Archive: a tracedb database, whichever kind holds it (a SQLite file or a
// PostgreSQL database), as the commands use it. Each backend implements it
// with the same meaning; OpenArchive (pipeline/open_archive.h) picks one
// from the --db text.
//
// Traces go through loading -> complete | failed (trace_record.h). A load
// is a TraceLoad: rows go to its writer() and become visible only when
// Publish commits them with the completed trace row, in one transaction.
// Nothing of a load that failed or was killed is ever visible; its trace
// row says "failed" (with the message) or stays "loading" until
// CleanInterrupted sees its loader is gone.
//
// All functions throw DbError, whose text starts with name(). One thread at
// a time; other threads and processes open their own Archive.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/row_cursor.h"
#include "db/sql_dialect.h"
#include "db/stored_trace_reader.h"
#include "db/trace_record.h"
#include "model/entity.h"
#include "model/row_writer.h"
#include "results/result_table.h"
#include "sim/registry.h"

namespace tracedb {

class TraceLoad {
 public:
  virtual ~TraceLoad() = default;  // an unpublished load leaves nothing behind

  virtual int64_t id() const = 0;
  virtual RowWriter& writer() = 0;
  // Commits the rows and the summary, and removes `replaced` (the same
  // content loaded before, --force) in the same transaction: readers see
  // the old trace or the new, never both and never neither. Without
  // `replaced`, a complete trace of the same content that another load
  // published meanwhile wins: nothing is published, this load's trace row
  // is removed, and that trace's id is returned.
  virtual std::optional<int64_t> Publish(const TraceSummary& summary,
                                         std::optional<int64_t> replaced) = 0;
  // Drops what was written and marks the trace failed with `message`.
  // Never throws: the error being reported is the original one.
  virtual void Fail(const std::string& message) noexcept = 0;
};

// A trace row and its types, each with its number of rows (`tracedb info`).
struct TraceDetail {
  TraceRecord trace;
  ResultTable types;  // id, kind, name, alias, rows
};

// What a command does with an archive. kCreate (ingest, watch) makes a
// missing SQLite file; the others refuse it: `tracedb list` in the wrong
// folder should say so, not leave a tracedb.sqlite behind. kRead (list,
// info, query, dump, export-csv) also reads a SQLite archive that the user
// may not write (a shared group folder): opened read-only, neither
// migrated nor cleaned of interrupted loads.
enum class ArchiveAccess { kCreate, kChange, kRead };

// What Archive::StoreSummaries does with a trace that has summaries by the
// time it writes: leaves them (another `tracedb summarize` was first), or
// replaces them (summarize --force).
enum class ExistingSummaries { kKeep, kReplace };

class Archive {
 public:
  virtual ~Archive() = default;

  // How messages name the database: the file, or the connection without
  // its password.
  virtual const std::string& name() const = 0;
  virtual SqlDialect dialect() const = 0;

  virtual std::vector<TraceRecord> ListTraces() = 0;
  // The trace a user's TRACE argument names: "id:N", "name:TEXT", digits
  // or a name, as db/trace_lookup.h says. Nothing found is nullopt; an
  // ambiguous argument throws DbError.
  virtual std::optional<TraceRecord> FindTrace(std::string_view spec) = 0;
  virtual std::optional<TraceDetail> Describe(std::string_view id_or_name) = 0;
  // The lowest-id complete trace of that content, for "already loaded".
  virtual std::optional<int64_t> FindCompleteBySha(std::string_view sha256) = 0;
  // Whether a complete trace's file had that size: if none did, a file of
  // that size cannot be one already loaded, and its digest can wait.
  virtual bool HasCompleteOfSize(int64_t size_bytes) = 0;

  // Commits a "loading" trace row and returns the load that fills it.
  virtual std::unique_ptr<TraceLoad> BeginLoad(const TraceInfo& info) = 0;
  // Removes loads whose loader is gone; returns their ids (none from an
  // archive opened read-only, or by a PostgreSQL role that may only read).
  virtual std::vector<int64_t> CleanInterrupted() = 0;
  // Removes the trace and its rows in one transaction; false if there is no
  // such trace. Refuses a trace whose loader still runs.
  virtual bool DeleteTrace(int64_t id) = 0;
  // As DeleteTrace, but SQLite only hides a complete trace now, in one short
  // transaction (status "deleting": gone from the views and analyses), and
  // leaves its rows to PurgeDeleted, which takes seconds for millions of
  // rows. PostgreSQL drops the partitions at once, in milliseconds.
  virtual bool HideTrace(int64_t id) = 0;
  // Removes the rows of the traces HideTrace hid in this process, in process
  // `handed_over_by` (0: none), or in one that is gone; returns their ids.
  virtual std::vector<int64_t> PurgeDeleted(int64_t handed_over_by) = 0;
  // Names process `pid` of this host (a background tracedb this process
  // started) the remover of the traces PurgeDeleted would remove here, so
  // that none looks stopped meanwhile; returns their ids.
  virtual std::vector<int64_t> HandRemovalsTo(int64_t pid) = 0;
  // After deletes: give the space back (`compact`: all of it, slowly).
  virtual void Reclaim(bool compact) = 0;

  // Gives complete trace `id` the summary rows that `write` hands to the
  // RowWriter it is passed (summary tables only, db/summary_tables.h) and
  // sets its profile_bins, in one transaction that first removes the
  // summaries it had: readers see the old summaries or the new, and a
  // failure or a kill leaves the trace as it was. False, and nothing
  // written, when the trace has summaries and `existing` is kKeep. Throws
  // DbError when the trace is not complete (deleted meanwhile).
  virtual bool StoreSummaries(int64_t id, int64_t profile_bins, ExistingSummaries existing,
                              const std::function<void(RowWriter&)>& write) = 0;

  // Calls `read` inside one read-only snapshot in which trace `id` is
  // complete (else throws DbError): every SELECT that read's `select` runs
  // (with the id bound to $1) sees the same rows, whatever commits
  // meanwhile. Each cursor reads through the backend's own cursor, a batch
  // at a time, so any table streams; destroy it before opening the next.
  virtual void ReadComplete(int64_t id, const std::function<void(const SelectRows&)>& read) = 0;
  // As ReadComplete, `readers` (at least 1) times at once: read(0, ..) on the calling
  // thread and this connection, each other read(i, ..) on a thread and a
  // connection of its own, for a read that splits into independent parts.
  // PostgreSQL's readers share one snapshot; SQLite's each take one in
  // which the trace is complete, and a complete trace's rows never change.
  // Rethrows the first reader's error once all have stopped (run_together.h).
  // Each reader may also stream (stored_trace_reader.h), in its snapshot:
  // on PostgreSQL through a connection of its own, so a reader holds two.
  // Readers should stream the entity tables and select only small ones: a
  // PostgreSQL reader's transaction keeps the locks it took until every
  // reader is done, and a delete waiting behind them would hold up the
  // others.
  using ReadPart = std::function<void(int reader, const SelectRows&, const StreamRows&)>;
  virtual void ReadCompleteTogether(int64_t id, int readers, const ReadPart& read) = 0;

  // A complete trace's rows, in one snapshot (stored_trace_reader.h).
  void ReadTrace(int64_t id, Registry* registry, EntitySink* sink) {
    ReadComplete(id, [&](const SelectRows& select) {
      ReadStoredRows(name(), dialect(), select, registry, sink);
    });
  }
  // One statement of the user's, read-only, in a snapshot that ends with
  // the cursor. A statement that would write is refused with a DbError.
  virtual std::unique_ptr<RowCursor> Query(const std::string& sql) = 0;
};

}  // namespace tracedb

// TraceReader: how the rows of an archive are read: a complete trace's, in
// one snapshot, by one reader or several at once (dump --db, export-csv,
// the analyses), and the user's own statement (`tracedb query`). Reads
// only, whatever the statement says.
//
// All functions throw DbError, whose text starts with name(). Threading:
// the archive's (db/archive.h); ReadCompleteTogether's other readers run
// on threads and connections of their own.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "db/row_cursor.h"
#include "db/sql_dialect.h"

namespace tracedb {

class TraceReader {
 public:
  virtual ~TraceReader() = default;

  // How messages name the database: the file, or the connection without
  // its password.
  virtual const std::string& name() const = 0;
  // The SQL that a `select` of ReadComplete may speak (db/sql_dialect.h).
  virtual SqlDialect dialect() const = 0;

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
  // Each reader may also stream (StreamRows, db/row_cursor.h), in its
  // snapshot: on PostgreSQL through a connection of its own, so a reader
  // holds two. Readers should stream the entity tables and select only
  // small ones: a PostgreSQL reader's transaction keeps the locks it took
  // until every reader is done, and a delete waiting behind them would hold
  // up the others.
  using ReadPart = std::function<void(int reader, const SelectRows&, const StreamRows&)>;
  virtual void ReadCompleteTogether(int64_t id, int readers, const ReadPart& read) = 0;

  // One statement of the user's, read-only, in a snapshot that ends with
  // the cursor. A statement that would write is refused with a DbError.
  virtual std::unique_ptr<RowCursor> Query(const std::string& sql) = 0;
};

}  // namespace tracedb

// TraceLoader: how traces get into an archive. A load is a TraceLoad: rows
// go to its writer() and become visible only when Publish commits them
// with the completed trace row, in one transaction. Nothing of a load that
// failed or was killed is ever visible; its trace row says "failed" (with
// the message) or stays "loading" until CleanInterrupted sees its loader
// is gone. The content lookups come first: a file already loaded is not
// loaded again (pipeline/ingest_file.h).
//
// All functions but TraceLoad::Fail throw DbError. Threading: the
// archive's (db/archive.h); a load writes from the pipeline's writer
// thread, and a backend may say that its other roles must wait meanwhile
// (db/sqlite/sqlite_archive.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/trace_record.h"
#include "model/row_writer.h"

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

class TraceLoader {
 public:
  virtual ~TraceLoader() = default;

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
};

}  // namespace tracedb

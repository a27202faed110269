// TraceRemover: how traces leave an archive: at once, or hidden now and
// their rows removed later (SQLite, where a big trace's rows take seconds),
// possibly by a background tracedb this process hands them to; then the
// space given back.
//
// All functions throw DbError. Threading: the archive's (db/archive.h).
#pragma once

#include <cstdint>
#include <vector>

namespace tracedb {

class TraceRemover {
 public:
  virtual ~TraceRemover() = default;

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
};

}  // namespace tracedb

// RowWriter: where an ingest puts its rows; each backend's TraceLoad hands
// out its own (db/sqlite/staged/sqlite_split_writer.h for a SQLite file,
// db/postgres/pg_copy_writer.h for a PostgreSQL database).
//
// The pipeline calls Write from its writer thread only, one batch at a time.
// The batch is reused once Write returns (sink/batch_pool.h): a writer
// keeps nothing that points into it.
#pragma once

#include "model/extras_json.h"
#include "model/row_batch.h"

namespace tracedb {

class RowWriter {
 public:
  virtual ~RowWriter() = default;
  virtual void Write(const RowBatch& batch) = 0;
  // The form of the batches' `extra` texts that its store keeps exactly.
  virtual JsonStore json_store() const { return JsonStore::kText; }
};

}  // namespace tracedb

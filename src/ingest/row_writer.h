// RowWriter: where an ingest puts its rows (a SQLite file today, PostgreSQL
// next). The pipeline calls Write from its writer thread only.
#pragma once

#include "ingest/row_batch.h"

namespace tracedb {

class RowWriter {
 public:
  virtual ~RowWriter() = default;
  virtual void Write(const RowBatch& batch) = 0;
};

}  // namespace tracedb

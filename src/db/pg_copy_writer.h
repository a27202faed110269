// PgCopyWriter: writes RowBatches of one trace into its PostgreSQL partition
// tables (pg_partitions.h) with COPY in binary format: one COPY per table per
// batch, each row encoded straight from the record (no text formatting of
// doubles, no parsing on the server), without trace_id, which is each
// partition's default. The rows become visible only when the load's
// transaction commits (pg_load.h). Not FREEZE: frozen rows are visible to
// every snapshot, and a query reads its partitions from the current catalog,
// so a REPEATABLE READ reader whose snapshot predates the commit would see
// the trace's rows, attached meanwhile, while its trace row still says
// "loading".
#pragma once

#include <cstdint>
#include <string>

#include "db/pg_session.h"
#include "ingest/container_order.h"
#include "ingest/row_batch.h"
#include "ingest/row_writer.h"

namespace tracedb {

class PgCopyWriter : public RowWriter {
 public:
  PgCopyWriter(PgSession& session, int64_t trace_id) : session_(session), trace_id_(trace_id) {}
  void Write(const RowBatch& batch) override;

 private:
  template <typename Record, typename Encode>
  void CopyTable(const RowBatch& batch, const char* table, const char* columns,
                 const std::vector<Record>& records, Encode encode);

  PgSession& session_;
  int64_t trace_id_;
  int64_t batches_written_ = 0;  // for CrashPoint("batch", N)
  std::string buffer_;           // reused from batch to batch, as are:
  std::vector<uint32_t> order_;
  ContainerOrderScratch order_scratch_;
};

}  // namespace tracedb

// PgCopyWriter: writes RowBatches of one trace into its PostgreSQL partition
// tables (pg_partitions.h) with COPY in binary format: one COPY per table per
// batch, each row encoded straight from the record (no text formatting of
// doubles, no parsing on the server), without trace_id, which is each
// partition's default. Two connections load a batch at once, each its own
// tables (kFirstLane, kSecondLane): a server process COPYs on one core, and
// one alone could not keep up with the reader. The rows become visible when
// the load publishes (pg_load.h). Not FREEZE: frozen rows are visible to
// every snapshot, and a query reads its partitions from the current catalog,
// so a REPEATABLE READ reader whose snapshot predates the commit would see
// the trace's rows, attached meanwhile, while its trace row still says
// "loading".
//
// Write from one thread at a time (the pipeline's writer thread); each call
// runs the second lane on a thread of its own and returns once both lanes
// are done. The sessions are the load's, which destroys the writer first.
// A writer on one session (tracedb summarize, whose few rows all go to the
// second lane's summary tables) runs both lanes in turn on the caller's
// thread.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "db/container_order.h"
#include "db/postgres/pg_session.h"
#include "model/row_batch.h"
#include "model/row_writer.h"

namespace tracedb {

// The tables each connection loads; the second takes about 40% of the rows.
inline constexpr std::array<const char*, 5> kFirstLane = {"type", "value", "container", "state",
                                                          "event"};
inline constexpr std::array<const char*, 9> kSecondLane = {
    "variable",     "link",          "state_summary",  "event_summary", "variable_summary",
    "link_summary", "state_profile", "state_duration", "call_path"};

class PgCopyWriter : public RowWriter {
 public:
  // `first` and `second` each in a transaction in which their lane's
  // partitions exist.
  PgCopyWriter(PgSession& first, PgSession& second, int64_t trace_id)
      : first_{&first}, second_{&second}, trace_id_(trace_id) {}
  // Both lanes on `only`, in a transaction in which every table the
  // batches fill has its partition.
  PgCopyWriter(PgSession& only, int64_t trace_id) : PgCopyWriter(only, only, trace_id) {}
  void Write(const RowBatch& batch) override;
  // `extra` is jsonb: its keys come back in jsonb's order, one per name.
  JsonStore json_store() const override { return JsonStore::kJsonb; }

 private:
  struct Lane {
    PgSession* session;
    std::string buffer;  // reused from batch to batch, as are:
    std::vector<uint32_t> order;
    ContainerOrderScratch order_scratch;
  };
  template <typename Record, typename Encode>
  void CopyTable(Lane& lane, const RowBatch& batch, const char* table, const char* columns,
                 const std::vector<Record>& records, Encode encode);
  void WriteFirstLane(const RowBatch& batch);
  void WriteSecondLane(const RowBatch& batch);
  void CopySummaries(Lane& lane, const RowBatch& batch);

  Lane first_;
  Lane second_;
  int64_t trace_id_;
  int64_t batches_written_ = 0;  // for CrashPoint("batch", N)
};

}  // namespace tracedb

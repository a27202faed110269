// SqliteRowWriter: writes RowBatches of one trace into a SQLite tracedb
// database, each batch in one transaction, through prepared INSERTs of many
// rows at once (one statement per kMultiRows rows amortises SQLite's
// per-statement cost; the remainder goes row by row).
//
// The tables are those of `schema`: "main" for the archive itself, or the
// scratch schema of a staged load (db/sqlite/staged/sqlite_staged_load.h), where each
// batch's transaction locks only the scratch file, not the archive.
// A writer may take a share of each batch (`RowShare`): the rows of every
// parts-th container and value, so that several writers, each with its own scratch
// file and thread, load one trace at once (db/sqlite/staged/sqlite_split_writer.h).
// A writer for the archive's own tables (`tracedb summarize`) gives each
// row its trace_id, and writes in the caller's transaction (Append).
// Same thread rules as the connection: one thread at a time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db/container_order.h"
#include "db/sqlite/scratch_runs.h"
#include "db/sqlite/sqlite_connection.h"
#include "model/row_batch.h"
#include "model/row_writer.h"

namespace tracedb {

// Rows of containers whose id % parts == part, values whose id % parts ==
// part; the other rows (types, containers: few) go to part 0.
struct RowShare {
  uint32_t part = 0;
  uint32_t parts = 1;
};

// Where a writer's rows go.
struct SqliteRowTarget {
  std::string schema;  // "main", or a staged load's scratch schema
  RowShare share = {};
  // Unset: tables without trace_id (a scratch schema's); set: the
  // archive's tables, where every row gets it.
  std::optional<int64_t> trace_id = std::nullopt;
  // Set for a scratch part: the entity tables' rows of a batch go in
  // sorted by container and time, and where each batch's run ends is
  // noted here, for the publish's merge. Outlives the writer.
  ScratchRuns* runs = nullptr;
};

class SqliteRowWriter : public RowWriter {
 public:
  SqliteRowWriter(SqliteConnection& connection, const SqliteRowTarget& target);
  // The batch in a transaction of its own.
  void Write(const RowBatch& batch) override;
  // The batch in the caller's transaction.
  void Append(const RowBatch& batch);

 private:
  struct Table {
    Table(SqliteConnection& connection, const SqliteRowTarget& target, const char* name,
          const char* columns, int count);
    // The statement of kMultiRows rows, prepared when first needed: its SQL
    // takes long to parse, and a small trace's tables never have as many
    // rows (13 of them, in two writers, were a sixth of a small ingest).
    SqliteStatement& Many();

    SqliteConnection& connection;
    std::string many_sql;
    std::optional<SqliteStatement> many;
    SqliteStatement one;
    int columns;
  };
  void InsertSummaries(const RowBatch& batch);
  // Returns how many rows went in (this writer's share).
  template <typename Record, typename Bind>
  size_t Insert(Table& table, const std::vector<Record>& records, Bind bind);
  // The batch's rows of kRunTables[table] were `rows` rows: a run.
  void EndRun(size_t table, size_t rows);
  // Fills order_ with the positions of the rows of share_, in the order they
  // go in.
  template <typename Record>
  void IndexOrder(const std::vector<Record>& records);

  SqliteConnection& connection_;
  RowShare share_;
  ScratchRuns* runs_;
  int64_t batches_written_ = 0;  // for CrashPoint("batch", N)
  std::vector<uint32_t> order_;  // reused from table to table
  ContainerOrderScratch order_scratch_;
  Table types_, values_, containers_, states_, events_, variables_, links_;
  Table state_summaries_, event_summaries_, variable_summaries_, link_summaries_, profile_,
      durations_, call_paths_;
};

}  // namespace tracedb

#include "db/sqlite/sqlite_summary_store.h"

#include <string>

#include "db/crash_point.h"
#include "db/db_error.h"
#include "db/sqlite/sqlite_row_writer.h"
#include "db/sqlite/sqlite_transaction.h"
#include "db/summary_tables.h"

namespace tracedb {
namespace {

// Writes each batch into the archive inside the open transaction.
class AppendingWriter : public RowWriter {
 public:
  AppendingWriter(SqliteConnection& connection, int64_t id)
      : rows_(connection, {.schema = "main", .trace_id = id}) {}
  void Write(const RowBatch& batch) override { rows_.Append(batch); }

 private:
  SqliteRowWriter rows_;
};

// Whether the trace has summaries; a DbError when it is not complete.
bool HasSummaries(SqliteConnection& connection, int64_t id) {
  SqliteStatement trace =
      connection.Prepare("SELECT status, profile_bins IS NOT NULL FROM trace WHERE id = ?");
  trace.BindInt(1, id);
  if (!trace.Step() || trace.ColumnText(0) != "complete") {
    throw DbError(connection.path(), "trace " + std::to_string(id) + " is not complete");
  }
  return trace.ColumnInt(1) != 0;
}

void DeleteSummaries(SqliteConnection& connection, int64_t id) {
  for (const char* table : kSummaryTables) {
    connection.Exec(std::string("DELETE FROM main.") + table +
                    " WHERE trace_id = " + std::to_string(id));
  }
}

void SetProfileBins(SqliteConnection& connection, int64_t id, int64_t profile_bins) {
  SqliteStatement update = connection.Prepare("UPDATE trace SET profile_bins = ? WHERE id = ?");
  update.BindInt(1, profile_bins);
  update.BindInt(2, id);
  update.Step();
}

// The planner's statistics of the tables just filled, sampled as a load
// samples them (sqlite_staged_load.h): an upgraded archive had none.
void RefreshStatistics(SqliteConnection& connection) {
  std::string sql = "PRAGMA analysis_limit = 1000;";
  for (const char* table : kSummaryTables) sql += std::string(" ANALYZE main.") + table + ";";
  connection.Exec(sql + " PRAGMA analysis_limit = 0");
}

}  // namespace

bool StoreSqliteSummaries(SqliteConnection& connection, int64_t id, int64_t profile_bins,
                          ExistingSummaries existing,
                          const std::function<void(RowWriter&)>& write) {
  SqliteTransaction transaction(connection);  // the write lock, till the commit
  if (HasSummaries(connection, id) && existing == ExistingSummaries::kKeep) return false;
  DeleteSummaries(connection, id);
  {
    AppendingWriter writer(connection, id);
    write(writer);
  }
  SetProfileBins(connection, id, profile_bins);
  RefreshStatistics(connection);
  CrashPoint("summarize-commit");
  transaction.Commit();
  return true;
}

}  // namespace tracedb

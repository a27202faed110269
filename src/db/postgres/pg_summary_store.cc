#include "db/postgres/pg_summary_store.h"

#include <optional>
#include <vector>

#include "db/crash_point.h"
#include "db/db_error.h"
#include "db/postgres/pg_copy_writer.h"
#include "db/postgres/pg_parent_statistics.h"
#include "db/postgres/pg_partitions.h"
#include "db/postgres/pg_session.h"
#include "db/summary_tables.h"

namespace tracedb {
namespace {

using Params = std::vector<std::optional<std::string>>;

[[noreturn]] void NotComplete(const PgSession& session, int64_t id) {
  throw DbError(session.name(), "trace " + std::to_string(id) + " is not complete");
}

// Whether the trace has summaries, once it is locked (see the header); a
// DbError when it is not complete.
bool LockTrace(PgSession& session, int64_t id) {
  Params trace{std::to_string(id)};
  auto status = session.Query("SELECT status FROM trace WHERE id = $1", trace);
  if (status.empty() || status[0] != "complete") NotComplete(session, id);
  session.Exec("LOCK TABLE " + PartitionName("type", id) + " IN ACCESS SHARE MODE");
  auto summarized = session.Query(
      "SELECT CASE WHEN profile_bins IS NULL THEN 'no' ELSE 'yes' END FROM trace"
      " WHERE id = $1 AND status = 'complete' FOR UPDATE",
      trace);
  if (summarized.empty()) NotComplete(session, id);
  return summarized[0] == "yes";
}

// Empties the summary partitions the trace has and creates the others;
// returns the created ones, which are not attached yet.
std::vector<const char*> PreparePartitions(PgSession& session, int64_t id) {
  std::vector<const char*> created;
  for (const char* table : kSummaryTables) {
    std::string partition = PartitionName(table, id);
    if (session.Query("SELECT coalesce(to_regclass('" + partition + "')::text, '')")[0].empty()) {
      created.push_back(table);
    } else {
      session.Exec("DELETE FROM " + partition);
    }
  }
  if (!created.empty()) session.ExecBuiltBy(PartitionDefinitionsQuery(id, created));
  return created;
}

void Store(PgSession& session, int64_t id, int64_t profile_bins,
           const std::function<void(RowWriter&)>& write) {
  std::vector<const char*> created = PreparePartitions(session, id);
  {
    PgCopyWriter writer(session, id);
    write(writer);
  }
  if (!created.empty()) session.Exec(AttachPartitionsSql(id, created));
  session.ExecBuiltBy(AnalyzePartitionsQuery(id, kSummaryTables, AnalyzedBefore::kYes));
  session.Query("UPDATE trace SET profile_bins = $2 WHERE id = $1",
                Params{std::to_string(id), std::to_string(profile_bins)});
}

}  // namespace

bool StorePostgresSummaries(const std::string& conninfo, const std::string& name, int64_t id,
                            int64_t profile_bins, ExistingSummaries existing,
                            const std::function<void(RowWriter&)>& write) {
  PgSession session(conninfo, name);
  try {
    session.Exec("BEGIN");
    if (LockTrace(session, id) && existing == ExistingSummaries::kKeep) {
      session.Exec("ROLLBACK");
      return false;
    }
    Store(session, id, profile_bins, write);
    CrashPoint("summarize-commit");
    session.Exec("COMMIT");
  } catch (...) {
    session.TryExec("ROLLBACK");
    throw;
  }
  // Outside the transaction, as after a load: the summaries are stored
  // whether this succeeds or not.
  RefreshParentStatistics(session, kSummaryTables);
  return true;
}

}  // namespace tracedb

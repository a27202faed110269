#include "db/sqlite/trace_catalog.h"

#include "db/crash_point.h"
#include "db/db_error.h"
#include "db/loader_process.h"
#include "db/sqlite/sqlite_cursor.h"
#include "db/sqlite/sqlite_transaction.h"
#include "db/sqlite/staged/sqlite_staged_load.h"
#include "db/trace_columns.h"
#include "db/trace_lookup.h"

namespace tracedb {
namespace {

constexpr const char* kInsertTrace =
    "INSERT INTO trace (name, path, format, size_bytes, sha256, comment, tool_version,"
    " loader_host, loader_pid, tags, time_unit, status, ingested_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'loading',"
    " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))";

constexpr const char* kCompleteTrace =
    "UPDATE trace SET status = 'complete', start_time = ?, end_time = ?, container_count = ?,"
    " state_count = ?, event_count = ?, variable_count = ?, link_count = ?, metadata = ?,"
    " skipped_lines = ?, skipped_errors = ?, sha256 = coalesce(?, sha256), profile_bins = ?"
    " WHERE id = ? AND status = 'loading' RETURNING id";

void BindOptional(SqliteStatement& statement, int index, const std::optional<std::string>& text) {
  if (text) {
    statement.BindText(index, *text);
  } else {
    statement.BindNull(index);
  }
}

void BindOptional(SqliteStatement& statement, int index, std::optional<int64_t> number) {
  if (number) {
    statement.BindInt(index, *number);
  } else {
    statement.BindNull(index);
  }
}

std::vector<TraceRecord> ReadAll(SqliteStatement query) {
  SqliteCursor cursor(std::move(query));
  return ReadTraceRecords(cursor);
}

std::optional<TraceRecord> FindById(SqliteConnection& connection, int64_t id) {
  SqliteStatement query = connection.Prepare(std::string(kSelectTrace) + "WHERE id = ?");
  query.BindInt(1, id);
  std::vector<TraceRecord> records = ReadAll(std::move(query));
  if (records.empty()) return std::nullopt;
  return records.front();
}

std::vector<TraceRecord> TracesNamed(SqliteConnection& connection, std::string_view name) {
  SqliteStatement query =
      connection.Prepare(std::string(kSelectTrace) + "WHERE name = ? ORDER BY id");
  query.BindText(1, name);
  return ReadAll(std::move(query));
}

std::vector<std::string> TablesWithTraceId(SqliteConnection& connection) {
  SqliteStatement query = connection.Prepare(
      "SELECT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c"
      " WHERE m.type = 'table' AND c.name = 'trace_id' ORDER BY m.name");
  std::vector<std::string> tables;
  while (query.Step()) tables.push_back(query.ColumnText(0));
  return tables;
}

std::string Quoted(const std::string& identifier) {
  std::string quoted = "\"";
  for (char c : identifier) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// Within the caller's transaction.
void DeleteRows(SqliteConnection& connection, const std::string& table, const char* column,
                int64_t id) {
  SqliteStatement statement =
      connection.Prepare("DELETE FROM " + Quoted(table) + " WHERE " + column + " = ?");
  statement.BindInt(1, id);
  statement.Step();
}

void DeleteEntityRows(SqliteConnection& connection, int64_t id) {
  for (const std::string& table : TablesWithTraceId(connection)) {
    DeleteRows(connection, table, "trace_id", id);
  }
}

void DeleteTraceAndRows(SqliteConnection& connection, int64_t id) {
  DeleteEntityRows(connection, id);
  DeleteRows(connection, "trace", "id", id);
}

// A scratch file exists only once its trace row is committed "loading",
// so one whose trace is no longer loading is left over. Its loader may
// still be detaching it after publishing: removing the name under it does
// no harm.
void RemoveOrphanedLoadFiles(SqliteConnection& connection) {
  for (int64_t id : ScratchFileIds(connection.path())) {
    std::optional<TraceRecord> record = FindById(connection, id);
    if (record && record->status == TraceStatus::kLoading) continue;
    RemoveStaleLoadFiles(connection.path(), {id});
  }
}

void RefuseLiveLoader(SqliteConnection& connection, const TraceRecord& record) {
  if (record.status != TraceStatus::kLoading) return;
  std::string host = record.loader_host.value_or("");
  int64_t pid = record.loader_pid.value_or(0);
  if (CheckLoader(host, pid) != LoaderState::kAlive) return;
  throw DbError(connection.path(), "trace " + std::to_string(record.id) +
                                       " is still being loaded by process " + std::to_string(pid) +
                                       " on " + host + "; stop it first");
}

// A "deleting" trace's remover: this process or the one that handed its
// traces over, else whoever finds it gone.
bool MayRemove(const TraceRecord& record, int64_t handed_over_by) {
  std::string host = record.loader_host.value_or("");
  int64_t pid = record.loader_pid.value_or(0);
  bool handed_over = pid == handed_over_by && host == ThisHost();
  if (IsThisProcess(host, pid) || handed_over) return true;
  return CheckLoader(host, pid) == LoaderState::kGone;
}

void NameRemover(SqliteConnection& connection, int64_t id, int64_t pid) {
  SqliteStatement update = connection.Prepare(
      "UPDATE trace SET status = 'deleting', loader_host = ?, loader_pid = ? WHERE id = ?");
  update.BindText(1, ThisHost());
  update.BindInt(2, pid);
  update.BindInt(3, id);
  update.Step();
}

void NameThisRemover(SqliteConnection& connection, int64_t id) {
  NameRemover(connection, id, ThisPid());
}

// Makes trace `id` this process's to remove; false when it is not
// "deleting" any more or another live process removes it.
bool ClaimRemoval(SqliteConnection& connection, int64_t id, int64_t handed_over_by) {
  SqliteTransaction transaction(connection);
  std::optional<TraceRecord> record = FindById(connection, id);
  if (!record || record->status != TraceStatus::kDeleting) return false;
  if (!MayRemove(*record, handed_over_by)) return false;
  NameThisRemover(connection, id);
  transaction.Commit();
  return true;
}

void RemoveRows(SqliteConnection& connection, int64_t id) {
  int64_t tables = 0;
  for (const std::string& table : TablesWithTraceId(connection)) {
    SqliteTransaction transaction(connection);
    DeleteRows(connection, table, "trace_id", id);
    transaction.Commit();
    CrashPoint("purge", ++tables);
  }
  SqliteTransaction transaction(connection);
  SqliteStatement remove =
      connection.Prepare("DELETE FROM trace WHERE id = ? AND status = 'deleting'");
  remove.BindInt(1, id);
  remove.Step();
  transaction.Commit();
}

}  // namespace

int64_t BeginTrace(SqliteConnection& connection, const TraceInfo& info) {
  SqliteTransaction transaction(connection);
  SqliteStatement insert = connection.Prepare(kInsertTrace);
  insert.BindText(1, info.name);
  insert.BindText(2, info.path);
  insert.BindText(3, info.format);
  BindOptional(insert, 4, info.size_bytes);
  insert.BindText(5, info.sha256);
  BindOptional(insert, 6, info.comment);
  insert.BindText(7, info.tool_version);
  insert.BindText(8, ThisHost());
  insert.BindInt(9, ThisPid());
  BindOptional(insert, 10, TagsJson(info.tags));
  insert.BindText(11, info.time_unit);
  insert.Step();
  int64_t id = connection.LastInsertId();
  CrashPoint("trace-row");
  transaction.Commit();
  return id;
}

void CompleteTrace(SqliteConnection& connection, int64_t id, const TraceSummary& summary) {
  SqliteStatement update = connection.Prepare(kCompleteTrace);
  update.BindDouble(1, summary.start_time);
  update.BindDouble(2, summary.end_time);
  update.BindInt(3, summary.container_count);
  update.BindInt(4, summary.state_count);
  update.BindInt(5, summary.event_count);
  update.BindInt(6, summary.variable_count);
  update.BindInt(7, summary.link_count);
  BindOptional(update, 8, summary.metadata);
  update.BindInt(9, summary.skipped_lines);
  BindOptional(update, 10, summary.skipped_errors);
  BindOptional(update, 11,
               summary.sha256.empty() ? std::nullopt : std::optional<std::string>(summary.sha256));
  BindOptional(update, 12, summary.profile_bins);
  update.BindInt(13, id);
  if (!update.Step()) {
    throw DbError(connection.path(),
                  "trace " + std::to_string(id) + " is not loading; it cannot be completed");
  }
  update.Step();  // finish the statement
}

void CompleteReplacing(SqliteConnection& connection, int64_t id, const TraceSummary& summary,
                       int64_t replaced) {
  CompleteTrace(connection, id, summary);
  DeleteTraceAndRows(connection, replaced);
}

void FailTrace(SqliteConnection& connection, int64_t id, const std::string& message) {
  // A batch the loader had open belongs to the failed load.
  connection.Rollback();
  SqliteTransaction transaction(connection);
  SqliteStatement update = connection.Prepare(
      "UPDATE trace SET status = 'failed', error = ? WHERE id = ? AND status = 'loading'"
      " RETURNING id");
  update.BindText(1, message);
  update.BindInt(2, id);
  // A late error after the load completed must not destroy the trace.
  if (!update.Step()) return;
  update.Step();  // finish the statement
  DeleteEntityRows(connection, id);
  transaction.Commit();
}

std::vector<TraceRecord> ListTraces(SqliteConnection& connection) {
  SqliteStatement query = connection.Prepare(std::string(kSelectTrace) + "ORDER BY id");
  return ReadAll(std::move(query));
}

std::optional<TraceRecord> FindTrace(SqliteConnection& connection, std::string_view spec) {
  TraceLookup lookup{
      .by_id = [&](int64_t id) { return FindById(connection, id); },
      .by_name = [&](std::string_view name) { return TracesNamed(connection, name); }};
  return FindTraceBySpec(spec, lookup, connection.path());
}

void ForgetLoadingTrace(SqliteConnection& connection, int64_t id) {
  SqliteStatement remove =
      connection.Prepare("DELETE FROM trace WHERE id = ? AND status = 'loading'");
  remove.BindInt(1, id);
  remove.Step();
}

std::optional<int64_t> FindCompleteBySha(SqliteConnection& connection, std::string_view sha256) {
  SqliteStatement query =
      connection.Prepare("SELECT min(id) FROM trace WHERE sha256 = ? AND status = 'complete'");
  query.BindText(1, sha256);
  query.Step();
  if (query.ColumnIsNull(0)) return std::nullopt;
  return query.ColumnInt(0);
}

bool HasCompleteOfSize(SqliteConnection& connection, int64_t size_bytes) {
  SqliteStatement query = connection.Prepare(
      "SELECT EXISTS (SELECT 1 FROM trace WHERE size_bytes = ? AND status = 'complete')");
  query.BindInt(1, size_bytes);
  query.Step();
  return query.ColumnInt(0) != 0;
}

bool DeleteTrace(SqliteConnection& connection, int64_t id) {
  SqliteTransaction transaction(connection);
  std::optional<TraceRecord> record = FindById(connection, id);
  if (!record) return false;
  RefuseLiveLoader(connection, *record);
  DeleteTraceAndRows(connection, id);
  transaction.Commit();
  if (record->status == TraceStatus::kLoading) RemoveStaleLoadFiles(connection.path(), {id});
  return true;
}

bool HideTrace(SqliteConnection& connection, int64_t id) {
  {
    SqliteTransaction transaction(connection);
    std::optional<TraceRecord> record = FindById(connection, id);
    if (!record) return false;
    bool complete = record->status == TraceStatus::kComplete;
    if (complete || record->status == TraceStatus::kDeleting) {
      // A deleting trace stays its live remover's.
      if (complete || MayRemove(*record, 0)) NameThisRemover(connection, id);
      transaction.Commit();
      return true;
    }
  }
  return DeleteTrace(connection, id);  // no rows in the archive's tables to wait for
}

std::vector<int64_t> PurgeDeleting(SqliteConnection& connection, int64_t handed_over_by) {
  SqliteStatement query =
      connection.Prepare(std::string(kSelectTrace) + "WHERE status = 'deleting' ORDER BY id");
  std::vector<int64_t> purged;
  for (const TraceRecord& record : ReadAll(std::move(query))) {
    if (!ClaimRemoval(connection, record.id, handed_over_by)) continue;
    RemoveRows(connection, record.id);
    purged.push_back(record.id);
  }
  return purged;
}

std::vector<int64_t> HandRemovalsTo(SqliteConnection& connection, int64_t pid) {
  SqliteTransaction transaction(connection);
  SqliteStatement query =
      connection.Prepare(std::string(kSelectTrace) + "WHERE status = 'deleting' ORDER BY id");
  std::vector<int64_t> handed;
  for (const TraceRecord& record : ReadAll(std::move(query))) {
    if (!MayRemove(record, 0)) continue;  // a live remover of its own
    NameRemover(connection, record.id, pid);
    handed.push_back(record.id);
  }
  transaction.Commit();
  return handed;
}

std::vector<int64_t> CleanInterrupted(SqliteConnection& connection) {
  SqliteStatement query =
      connection.Prepare(std::string(kSelectTrace) + "WHERE status = 'loading' ORDER BY id");
  std::vector<TraceRecord> loading = ReadAll(std::move(query));
  std::vector<int64_t> cleaned;
  for (const TraceRecord& record : loading) {
    if (CheckLoader(record.loader_host.value_or(""), record.loader_pid.value_or(0)) !=
        LoaderState::kGone) {
      continue;
    }
    SqliteTransaction transaction(connection);
    // Read again under the write lock: the loader may have completed the
    // trace (and exited) since the list above was read.
    std::optional<TraceRecord> now = FindById(connection, record.id);
    if (!now || now->status != TraceStatus::kLoading) continue;
    DeleteTraceAndRows(connection, record.id);
    transaction.Commit();
    RemoveStaleLoadFiles(connection.path(), {record.id});
    cleaned.push_back(record.id);
  }
  RemoveOrphanedLoadFiles(connection);
  return cleaned;
}

}  // namespace tracedb

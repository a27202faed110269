#include "db/trace_catalog.h"

#include "db/sqlite_staged_load.h"

#include <charconv>

#include "db/db_error.h"
#include "db/loader_process.h"
#include "db/sqlite_transaction.h"

namespace tracedb {
namespace {

// Explicit forms of a TRACE argument: "id:3", "name:3".
constexpr std::string_view kIdPrefix = "id:";
constexpr std::string_view kNamePrefix = "name:";

// The column order ReadRecord expects.
constexpr const char* kSelectRecord =
    "SELECT id, name, path, format, size_bytes, sha256, comment, ingested_at, tool_version,"
    " status, error, loader_host, loader_pid, start_time, end_time, container_count,"
    " state_count, event_count, variable_count, link_count, metadata FROM trace ";

constexpr const char* kInsertTrace =
    "INSERT INTO trace (name, path, format, size_bytes, sha256, comment, tool_version,"
    " loader_host, loader_pid, status, ingested_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'loading', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))";

constexpr const char* kCompleteTrace =
    "UPDATE trace SET status = 'complete', start_time = ?, end_time = ?, container_count = ?,"
    " state_count = ?, event_count = ?, variable_count = ?, link_count = ?, metadata = ?"
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

std::optional<std::string> OptionalText(const SqliteStatement& row, int index) {
  if (row.ColumnIsNull(index)) return std::nullopt;
  return row.ColumnText(index);
}

std::optional<int64_t> OptionalInt(const SqliteStatement& row, int index) {
  if (row.ColumnIsNull(index)) return std::nullopt;
  return row.ColumnInt(index);
}

TraceStatus ParseStatus(const std::string& text) {
  if (text == "complete") return TraceStatus::kComplete;
  if (text == "failed") return TraceStatus::kFailed;
  return TraceStatus::kLoading;  // the CHECK constraint admits no other word
}

TraceSummary ReadSummary(const SqliteStatement& row) {
  return {.start_time = row.ColumnDouble(13),
          .end_time = row.ColumnDouble(14),
          .container_count = row.ColumnInt(15),
          .state_count = row.ColumnInt(16),
          .event_count = row.ColumnInt(17),
          .variable_count = row.ColumnInt(18),
          .link_count = row.ColumnInt(19),
          .metadata = OptionalText(row, 20)};
}

TraceRecord ReadRecord(const SqliteStatement& row) {
  TraceRecord record;
  record.id = row.ColumnInt(0);
  record.info = {.name = row.ColumnText(1),
                 .path = row.ColumnText(2),
                 .format = row.ColumnText(3),
                 .size_bytes = OptionalInt(row, 4),
                 .sha256 = row.ColumnText(5),
                 .comment = OptionalText(row, 6),
                 .tool_version = row.ColumnText(8)};
  record.ingested_at = row.ColumnText(7);
  record.status = ParseStatus(row.ColumnText(9));
  record.error = OptionalText(row, 10);
  record.loader_host = OptionalText(row, 11);
  record.loader_pid = OptionalInt(row, 12);
  if (record.status == TraceStatus::kComplete) record.summary = ReadSummary(row);
  return record;
}

std::vector<TraceRecord> ReadAll(SqliteStatement& query) {
  std::vector<TraceRecord> records;
  while (query.Step()) records.push_back(ReadRecord(query));
  return records;
}

std::optional<TraceRecord> FindById(SqliteConnection& connection, int64_t id) {
  SqliteStatement query = connection.Prepare(std::string(kSelectRecord) + "WHERE id = ?");
  query.BindInt(1, id);
  if (!query.Step()) return std::nullopt;
  return ReadRecord(query);
}

// "1 (failed), 3 (complete)"
std::string ListIds(const std::vector<TraceRecord>& records) {
  std::string text;
  for (size_t i = 0; i < records.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(records[i].id) + " (" + std::string(StatusName(records[i].status)) + ")";
  }
  return text;
}

std::vector<TraceRecord> TracesNamed(SqliteConnection& connection, std::string_view name) {
  SqliteStatement query =
      connection.Prepare(std::string(kSelectRecord) + "WHERE name = ? ORDER BY id");
  query.BindText(1, name);
  return ReadAll(query);
}

std::optional<TraceRecord> FindByName(SqliteConnection& connection, std::string_view name) {
  std::vector<TraceRecord> records = TracesNamed(connection, name);
  if (records.empty()) return std::nullopt;
  if (records.size() == 1) return records.front();
  throw DbError(connection.path(), "trace name \"" + std::string(name) + "\" is ambiguous: ids " +
                                       ListIds(records) + "; use an id");
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

void RefuseLiveLoader(SqliteConnection& connection, const TraceRecord& record) {
  if (record.status != TraceStatus::kLoading) return;
  std::string host = record.loader_host.value_or("");
  int64_t pid = record.loader_pid.value_or(0);
  if (CheckLoader(host, pid) != LoaderState::kAlive) return;
  throw DbError(connection.path(), "trace " + std::to_string(record.id) +
                                       " is still being loaded by process " + std::to_string(pid) +
                                       " on " + host + "; stop it first");
}

bool IsAllDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "12": the trace with that id; nullopt for anything else (no trace can
// have an id too large for int64).
std::optional<TraceRecord> FindByIdText(SqliteConnection& connection, std::string_view text) {
  if (!IsAllDigits(text)) return std::nullopt;
  int64_t id = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc()) return std::nullopt;
  return FindById(connection, id);
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
  insert.Step();
  int64_t id = connection.LastInsertId();
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
  update.BindInt(9, id);
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
  SqliteStatement query = connection.Prepare(std::string(kSelectRecord) + "ORDER BY id");
  return ReadAll(query);
}

std::optional<TraceRecord> FindTrace(SqliteConnection& connection, std::string_view spec) {
  if (spec.starts_with(kIdPrefix)) return FindByIdText(connection, spec.substr(kIdPrefix.size()));
  if (spec.starts_with(kNamePrefix)) return FindByName(connection, spec.substr(kNamePrefix.size()));
  if (!IsAllDigits(spec)) return FindByName(connection, spec);
  std::optional<TraceRecord> by_id = FindByIdText(connection, spec);
  if (!by_id) return FindByName(connection, spec);
  std::vector<TraceRecord> named = TracesNamed(connection, spec);
  std::erase_if(named, [&](const TraceRecord& r) { return r.id == by_id->id; });
  if (named.empty()) return by_id;
  std::string text(spec);
  throw DbError(connection.path(), "\"" + text + "\" is both the id of trace " +
                                       std::to_string(by_id->id) + " (" + by_id->info.name +
                                       ") and the name of " +
                                       (named.size() == 1 ? "trace " : "traces ") + ListIds(named) +
                                       "; say id:" + text + " or name:" + text);
}

std::optional<int64_t> FindCompleteBySha(SqliteConnection& connection, std::string_view sha256) {
  SqliteStatement query =
      connection.Prepare("SELECT min(id) FROM trace WHERE sha256 = ? AND status = 'complete'");
  query.BindText(1, sha256);
  query.Step();
  if (query.ColumnIsNull(0)) return std::nullopt;
  return query.ColumnInt(0);
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

std::vector<int64_t> CleanInterrupted(SqliteConnection& connection) {
  SqliteStatement query =
      connection.Prepare(std::string(kSelectRecord) + "WHERE status = 'loading' ORDER BY id");
  std::vector<TraceRecord> loading = ReadAll(query);
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
  return cleaned;
}

}  // namespace tracedb

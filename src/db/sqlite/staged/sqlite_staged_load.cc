#include "db/sqlite/staged/sqlite_staged_load.h"

#include <charconv>
#include <filesystem>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "db/crash_point.h"
#include "db/sqlite/sqlite_transaction.h"
#include "db/sqlite/staged/row_block_table.h"
#include "db/sqlite/staged/run_merger.h"
#include "db/sqlite/trace_catalog.h"

namespace tracedb {
namespace {

constexpr const char* kFileSuffixes[] = {"", "-journal", "-wal", "-shm"};

constexpr const char* kTables[] = {
    "type",         "value",         "container",      "state",         "event",
    "variable",     "link",          "state_summary",  "event_summary", "variable_summary",
    "link_summary", "state_profile", "state_duration", "call_path"};

std::string Quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

void RemoveFiles(const std::string& path) {
  std::error_code ignored;
  for (const char* suffix : kFileSuffixes) {
    std::filesystem::remove(path + suffix, ignored);
  }
}

}  // namespace

std::string SqliteStagedLoad::ScratchPath(const std::string& database, int64_t trace_id, int part) {
  std::string path = database + ".load-" + std::to_string(trace_id);
  return part == 0 ? path : path + ".p" + std::to_string(part);
}

std::string SqliteStagedLoad::Schema(int part) {
  return part == 0 ? "load" : "load_" + std::to_string(part);
}

SqliteStagedLoad::SqliteStagedLoad(SqliteConnection& connection, int64_t trace_id, int parts)
    : connection_(connection), trace_id_(trace_id), runs_(parts) {
  for (int part = 0; part < parts; ++part) {
    paths_.push_back(ScratchPath(connection.path(), trace_id, part));
  }
  RemoveStaleLoadFiles(connection.path(), {trace_id});  // an earlier process's, same id
  ReadScratchColumns();
  try {
    for (int part = 0; part < parts; ++part) Attach(part);
  } catch (...) {
    Release();  // the destructor does not run for a constructor that throws
    throw;
  }
}

void SqliteStagedLoad::Attach(int part) {
  std::string schema = Schema(part);
  connection_.Exec("ATTACH DATABASE " + Quoted(paths_[part]) + " AS " + schema);
  ++attached_;
  // 16 KiB pages, as the archive's: a fifth fewer page splits and headers
  // for the writer (its thread's time on a 100 MB trace: 0.87 -> 0.77 s).
  std::string sql = "PRAGMA " + schema + ".journal_mode=OFF; PRAGMA " + schema +
                    ".synchronous=OFF; PRAGMA " + schema + ".page_size=16384; " +
                    ScratchCachePragma(schema);
  for (size_t i = 0; i < std::size(kTables); ++i) {
    sql += std::string("CREATE TABLE ") + schema + "." + kTables[i] + " AS SELECT " + columns_[i] +
           " FROM main." + kTables[i] + " WHERE 0;";
  }
  connection_.Exec(sql);
}

// Every column of each archive table but trace_id, which is the same in
// every row of a load: Publish adds it. One column fewer to bind and store
// per row. Read once: each part and the publish use them.
void SqliteStagedLoad::ReadScratchColumns() {
  SqliteStatement info = connection_.Prepare("SELECT name FROM pragma_table_info(?, 'main')");
  for (const char* table : kTables) {
    std::string columns;
    info.BindText(1, table);
    while (info.Step()) {
      std::string name = info.ColumnText(0);
      if (name == "trace_id") continue;
      if (!columns.empty()) columns += ',';
      columns += '"' + name + '"';
    }
    info.Reset();
    columns_.push_back(std::move(columns));
  }
}

SqliteStagedLoad::~SqliteStagedLoad() { Release(); }

void SqliteStagedLoad::Release() noexcept {
  if (attached_ > 0) connection_.Rollback();
  for (; attached_ > 0; --attached_) {
    try {
      connection_.Exec("DETACH DATABASE " + Schema(attached_ - 1));
    } catch (const std::exception&) {
      // Nothing better to do here: a later ATTACH on this connection would
      // report "database load is already in use".
    }
  }
  for (const std::string& path : paths_) RemoveFiles(path);
}

namespace {

// Publishing's page cache, and SQLite's default, given back after it.
constexpr const char* kPublishCacheSize = "PRAGMA main.cache_size = -65536";
constexpr const char* kDefaultCacheSize = "PRAGMA main.cache_size = -2000";

}  // namespace

std::optional<int64_t> SqliteStagedLoad::Publish(const TraceSummary& summary,
                                                 std::optional<int64_t> replaced) {
  CrashPoint("publish");
  // Each batch visits every container's end of the indexes: with the default
  // 2 MB of page cache those pages are spilled to the WAL and read back again
  // batch after batch. 64 MB keeps them (1 GB trace: publish 24.4 -> 22.8 s);
  // the load's own memory is mostly freed by now.
  connection_.Exec(kPublishCacheSize);
  SqliteTransaction transaction(connection_);  // the archive's write lock: one publisher
  if (!replaced) {
    if (std::optional<int64_t> other = FindCompleteBySha(connection_, summary.sha256)) {
      ForgetLoadingTrace(connection_, trace_id_);
      transaction.Commit();
      return other;
    }
  }
  for (size_t i = 0; i < std::size(kTables); ++i) {
    CopyTable(i);
    // After the largest table: most of the index work is done, and written
    // to the WAL, uncommitted.
    if (std::string_view(kTables[i]) == "state") CrashPoint("mid-publish");
  }
  if (replaced) {
    CompleteReplacing(connection_, trace_id_, summary, *replaced);
  } else {
    CompleteTrace(connection_, trace_id_, summary);
  }
  RefreshStatistics();
  CrashPoint("commit");
  transaction.Commit();
  connection_.Exec(kDefaultCacheSize);
  return std::nullopt;
}

// kTables[table]'s rows from every part into the archive's table.
void SqliteStagedLoad::CopyTable(size_t table) {
  const std::string name = kTables[table];
  for (size_t run_table = 0; run_table < kRunTables.size(); ++run_table) {
    if (name == kRunTables[run_table]) return MergeTable(table, run_table);
  }
  const std::string& columns = columns_[table];
  for (int part = 0; part < parts(); ++part) {
    connection_.Exec("INSERT INTO main." + name + " (trace_id," + columns + ") SELECT " +
                     std::to_string(trace_id_) + "," + columns + " FROM " + Schema(part) + "." +
                     name);
  }
}

// The same for an entity table, its runs merged on another thread.
void SqliteStagedLoad::MergeTable(size_t table, size_t run_table) {
  std::vector<PartRuns> parts;
  for (int part = 0; part < this->parts(); ++part) {
    parts.push_back({paths_[part], &runs_[part].ends[run_table]});
  }
  MergeColumns columns = MergeColumnsOf(columns_[table], kRunTimes[run_table]);
  std::string values;
  for (int i = 0; i < columns.count; ++i) values += ",c" + std::to_string(i);
  std::string sql = std::string("INSERT INTO main.") + kTables[table] + " (trace_id," +
                    columns.list + ") SELECT " + std::to_string(trace_id_) + values +
                    " FROM tracedb_row_blocks";
  RunMerger merger(std::move(parts), kTables[table], std::move(columns));
  RowBlockTable rows(connection_);
  rows.Run(sql, [&merger] { return merger.Next(); });
  merger.Finish();
}

// The planner's statistics (sqlite_stat1), in the publishing transaction:
// without any, SQLite guesses how selective each index is. SQLite 3.40's
// PRAGMA optimize analyzes only the tables this connection's own queries
// used, so the load runs ANALYZE itself, on about 1,000 rows of each index
// (analysis_limit), which takes milliseconds whatever the archive's size.
void SqliteStagedLoad::RefreshStatistics() {
  connection_.Exec("PRAGMA analysis_limit = 1000; ANALYZE main; PRAGMA analysis_limit = 0");
}

namespace {

// The trace id of a scratch file's name, "DB.load-ID[.pK][SUFFIX]" (the
// prefix is "DB.load-"), or none for any other name.
std::optional<int64_t> ScratchId(std::string_view name, std::string_view prefix) {
  if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::string_view rest = name.substr(prefix.size());
  const char* end = rest.data() + rest.size();
  int64_t id = 0;
  auto [after_id, problem] = std::from_chars(rest.data(), end, id);
  if (problem != std::errc() || after_id == rest.data()) return std::nullopt;
  const char* after_part = after_id;
  if (end - after_id > 2 && after_id[0] == '.' && after_id[1] == 'p') {
    int part = 0;
    auto [digits_end, bad] = std::from_chars(after_id + 2, end, part);
    if (bad == std::errc() && digits_end != after_id + 2) after_part = digits_end;
  }
  std::string_view suffix(after_part, static_cast<size_t>(end - after_part));
  for (const char* known : kFileSuffixes) {
    if (suffix == known) return id;
  }
  return std::nullopt;
}

// The scratch files beside `database`, each with its trace id.
std::vector<std::pair<std::filesystem::path, int64_t>> ScratchFiles(const std::string& database) {
  namespace fs = std::filesystem;
  fs::path path(database);
  fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::string prefix = path.filename().string() + ".load-";
  std::vector<std::pair<fs::path, int64_t>> files;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (auto id = ScratchId(it->path().filename().string(), prefix)) {
      files.emplace_back(it->path(), *id);
    }
  }
  return files;
}

}  // namespace

void RemoveStaleLoadFiles(const std::string& database, const std::vector<int64_t>& trace_ids) {
  std::set<int64_t> stale(trace_ids.begin(), trace_ids.end());
  for (const auto& [file, id] : ScratchFiles(database)) {
    std::error_code ignored;
    if (stale.count(id) != 0) std::filesystem::remove(file, ignored);
  }
}

std::vector<int64_t> ScratchFileIds(const std::string& database) {
  std::set<int64_t> ids;
  for (const auto& [file, id] : ScratchFiles(database)) ids.insert(id);
  return {ids.begin(), ids.end()};
}

}  // namespace tracedb

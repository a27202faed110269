#include "db/sqlite/sqlite_archive.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "concurrency/run_together.h"
#include "db/crash_point.h"
#include "db/db_error.h"
#include "db/sqlite/sqlite_cursor.h"
#include "db/sqlite/sqlite_migrate.h"
#include "db/sqlite/sqlite_summary_store.h"
#include "db/sqlite/staged/sqlite_split_writer.h"
#include "db/sqlite/staged/sqlite_staged_load.h"
#include "db/sqlite/trace_catalog.h"
#include "db/stored_trace_reader.h"
#include "db/type_rows.h"

namespace tracedb {
namespace {

constexpr int kScratchParts = 2;

class SqliteTraceLoad : public TraceLoad {
 public:
  SqliteTraceLoad(SqliteConnection& connection, int64_t id)
      : connection_(connection), id_(id), staged_(std::in_place, connection, id, kScratchParts) {
    writer_.emplace(connection, *staged_);
  }

  int64_t id() const override { return id_; }
  RowWriter& writer() override { return *writer_; }

  std::optional<int64_t> Publish(const TraceSummary& summary,
                                 std::optional<int64_t> replaced) override {
    writer_.reset();  // its statements name the scratch schema
    std::optional<int64_t> other = staged_->Publish(summary, replaced);
    if (!other) CrashPoint("committed");
    staged_.reset();
    return other;
  }

  void Fail(const std::string& message) noexcept override {
    writer_.reset();
    staged_.reset();
    try {
      FailTrace(connection_, id_, message);
    } catch (...) {
      // The trace stays "loading"; CleanInterrupted removes it later.
    }
  }

 private:
  SqliteConnection& connection_;
  int64_t id_;
  std::optional<SqliteStagedLoad> staged_;
  std::optional<SqliteSplitWriter> writer_;
};

// The user's statement in a read-only transaction that the cursor's end
// rolls back. PRAGMA query_only makes SQLite refuse any write that
// IsReadOnly missed; ATTACH, which counts as reading and creates an empty
// file when the one named does not exist, the read-only connection refuses
// (SqliteConnection::RefuseAttach).
class SqliteQueryCursor : public SqliteCursor {
 public:
  SqliteQueryCursor(SqliteConnection& connection, SqliteStatement statement)
      : SqliteCursor(std::move(statement)), connection_(connection) {}
  ~SqliteQueryCursor() override {
    Finish();
    connection_.Rollback();
  }

 private:
  SqliteConnection& connection_;
};

std::unique_ptr<RowCursor> SelectOn(SqliteConnection& connection, const std::string& sql,
                                    int64_t trace) {
  SqliteStatement statement = connection.Prepare(sql);
  statement.BindInt(1, trace);
  return std::make_unique<SqliteCursor>(std::move(statement));
}

// `read` in a read transaction of `connection` in which trace `id` is
// complete.
void ReadCompleteOn(SqliteConnection& connection, int64_t id,
                    const std::function<void(const SelectRows&)>& read) {
  connection.Exec("BEGIN");
  try {
    auto status = SelectOn(connection, "SELECT status FROM trace WHERE id = $1", id);
    if (!status->Next() || status->Text(0) != "complete") {
      throw DbError(connection.path(), "trace " + std::to_string(id) + " is not complete");
    }
    status.reset();
    read([&](const std::string& sql) { return SelectOn(connection, sql, id); });
  } catch (...) {
    connection.Rollback();
    throw;
  }
  connection.Exec("COMMIT");
}

// One connection behind the five roles (db/archive.h): each method is a
// call or two of trace_catalog.h, sqlite_staged_load.h,
// sqlite_summary_store.h or of this file.
class SqliteArchive : public TraceCatalog,
                      public TraceLoader,
                      public TraceRemover,
                      public SummaryStore,
                      public TraceReader {
 public:
  SqliteArchive(std::unique_ptr<SqliteConnection> connection, bool read_only)
      : connection_(std::move(connection)), read_only_(read_only) {}

  const std::string& name() const override { return connection_->path(); }
  SqlDialect dialect() const override { return SqlDialect::kSqlite; }

  // TraceCatalog
  std::vector<TraceRecord> ListTraces() override { return tracedb::ListTraces(*connection_); }

  std::optional<TraceRecord> FindTrace(std::string_view spec) override {
    return tracedb::FindTrace(*connection_, spec);
  }

  std::optional<TraceDetail> Describe(std::string_view spec) override {
    // One snapshot for the row and the counts, should a delete come between.
    connection_->Exec("BEGIN");
    try {
      std::optional<TraceDetail> detail = ReadDetail(spec);
      connection_->Rollback();  // nothing was written
      return detail;
    } catch (...) {
      connection_->Rollback();
      throw;
    }
  }

  // TraceLoader
  std::optional<int64_t> FindCompleteBySha(std::string_view sha256) override {
    return tracedb::FindCompleteBySha(*connection_, sha256);
  }
  bool HasCompleteOfSize(int64_t size_bytes) override {
    return tracedb::HasCompleteOfSize(*connection_, size_bytes);
  }

  std::unique_ptr<TraceLoad> BeginLoad(const TraceInfo& info) override {
    int64_t id = BeginTrace(*connection_, info);
    CrashPoint("loading");
    try {
      return std::make_unique<SqliteTraceLoad>(*connection_, id);
    } catch (const std::exception& e) {
      FailTrace(*connection_, id, e.what());
      throw;
    }
  }

  std::vector<int64_t> CleanInterrupted() override {
    if (read_only_) return {};
    return tracedb::CleanInterrupted(*connection_);
  }

  // TraceRemover
  bool DeleteTrace(int64_t id) override { return tracedb::DeleteTrace(*connection_, id); }
  bool HideTrace(int64_t id) override { return tracedb::HideTrace(*connection_, id); }
  std::vector<int64_t> PurgeDeleted(int64_t handed_over_by) override {
    return PurgeDeleting(*connection_, handed_over_by);
  }
  std::vector<int64_t> HandRemovalsTo(int64_t pid) override {
    return tracedb::HandRemovalsTo(*connection_, pid);
  }

  // Deleted pages sit in the WAL until a checkpoint copies them back;
  // TRUNCATE also empties the -wal file, so the space shows as free. It
  // waits for readers of older snapshots, but not a minute: a checkpoint
  // still blocked then does what it can, reports busy in its row (not an
  // error), and the next one finishes the job.
  void Reclaim(bool compact) override {
    if (compact) connection_->Exec("VACUUM");
    connection_->Exec("PRAGMA busy_timeout = 2000; PRAGMA wal_checkpoint(TRUNCATE)");
  }

  // SummaryStore
  bool StoreSummaries(int64_t id, int64_t profile_bins, ExistingSummaries existing,
                      const std::function<void(RowWriter&)>& write) override {
    return StoreSqliteSummaries(*connection_, id, profile_bins, existing, write);
  }

  // TraceReader (name and dialect above)
  void ReadComplete(int64_t id, const std::function<void(const SelectRows&)>& read) override {
    ReadCompleteOn(*connection_, id, read);
  }

  // SQLite's statements stream already: StreamRows is SelectRows.
  void ReadCompleteTogether(int64_t id, int readers, const ReadPart& read) override {
    RunTogether(std::max(readers, 1), [&](int reader) {
      auto part = [&](const SelectRows& select) {
        read(reader, select,
             [&](const std::string& sql, const std::vector<ColumnKind>&) { return select(sql); });
      };
      if (reader == 0) return ReadCompleteOn(*connection_, id, part);
      SqliteConnection own(connection_->path(), SqliteFile::kReadOnlyArchive);
      ReadCompleteOn(own, id, part);
    });
  }

  std::unique_ptr<RowCursor> Query(const std::string& sql) override {
    connection_->Exec("PRAGMA query_only = ON; BEGIN");
    try {
      SqliteStatement statement = connection_->Prepare(sql);
      if (!statement.IsReadOnly()) {
        throw DbError(name(),
                      "tracedb query is read-only and this statement would write "
                      "(tracedb delete removes traces)");
      }
      return std::make_unique<SqliteQueryCursor>(*connection_, std::move(statement));
    } catch (...) {
      connection_->Rollback();
      throw;
    }
  }

 private:
  std::unique_ptr<RowCursor> Select(const std::string& sql, int64_t trace) {
    return SelectOn(*connection_, sql, trace);
  }

  std::optional<TraceDetail> ReadDetail(std::string_view spec) {
    std::optional<TraceRecord> trace = tracedb::FindTrace(*connection_, spec);
    if (!trace) return std::nullopt;
    TraceDetail detail{.trace = *trace};
    auto rows = Select(TypeRowsSql(*trace), trace->id);
    detail.types.columns = ColumnNames(*rows);
    while (rows->Next()) detail.types.rows.push_back(RowCells(*rows));
    return detail;
  }

  std::unique_ptr<SqliteConnection> connection_;
  bool read_only_;
};

// Whether this process may write the file (when it exists) and create the
// files beside it (-wal, -shm, the scratch files of a load).
bool MayWrite(const std::filesystem::path& path, const std::filesystem::path& folder) {
  std::error_code error;
  bool file_ok = !std::filesystem::exists(path, error) ||
                 faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) == 0;
  std::string where = folder.empty() ? "." : folder.string();
  return file_ok && faccessat(AT_FDCWD, where.c_str(), W_OK, AT_EACCESS) == 0;
}

std::unique_ptr<Archive> OpenReadOnly(const std::string& path) {
  auto connection = std::make_unique<SqliteConnection>(path, SqliteFile::kReadOnlyArchive);
  RequireNewestSchema(*connection);
  return ArchiveOf(std::make_shared<SqliteArchive>(std::move(connection), /*read_only=*/true));
}

// The folder that holds (or will hold) the database; creating the database
// elsewhere would not help, so a missing one is named.
std::filesystem::path RequireFolder(const std::string& path) {
  std::error_code error;
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!folder.empty() && !std::filesystem::is_directory(folder, error)) {
    throw DbError(path, "no folder " + folder.string() + " to hold the database");
  }
  return folder;
}

[[noreturn]] void ThrowReadOnly(const std::string& path) {
  throw DbError(path,
                "read-only for this user (the file or its folder is not writable); list, "
                "info, query, dump and export-csv still read it");
}

// A zero-byte file is what SQLite would take for an empty database, and
// migrating it would write the schema into a file the user may have made
// for something else: only a command that creates an archive makes one.
void RequireArchiveFile(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    throw DbError(path, "no such database (tracedb ingest --db " + path + " FILE creates it)");
  }
  if (std::filesystem::is_regular_file(path, error) &&
      std::filesystem::file_size(path, error) == 0 && !error) {
    throw DbError(path, "an empty file, not a tracedb archive (tracedb ingest --db " + path +
                            " FILE makes it one)");
  }
}

}  // namespace

bool WouldCreateSqliteArchive(const std::string& path) {
  std::filesystem::path folder = RequireFolder(path);
  std::error_code error;
  if (std::filesystem::exists(path, error)) return false;
  if (!MayWrite(path, folder)) ThrowReadOnly(path);
  return true;
}

namespace {

// Whether the disk that holds `folder` has no room left to speak of (less
// than the 32 KB a reader's -shm takes).
bool DiskIsFull(const std::filesystem::path& folder) {
  std::error_code error;
  auto space = std::filesystem::space(folder.empty() ? "." : folder, error);
  return !error && space.available < 32 * 1024;
}

std::unique_ptr<Archive> OpenWritable(const std::string& path, ArchiveAccess access) {
  auto connection = std::make_unique<SqliteConnection>(path);
  Migrate(*connection);
  // A reading command's connection never attaches (tracedb query's user
  // statement could).
  if (access == ArchiveAccess::kRead) connection->RefuseAttach();
  return ArchiveOf(std::make_shared<SqliteArchive>(std::move(connection), /*read_only=*/false));
}

}  // namespace

std::unique_ptr<Archive> OpenSqliteArchive(const std::string& path, ArchiveAccess access) {
  std::filesystem::path folder = RequireFolder(path);
  if (access != ArchiveAccess::kCreate) RequireArchiveFile(path);
  if (!MayWrite(path, folder)) {
    if (access == ArchiveAccess::kRead) return OpenReadOnly(path);
    ThrowReadOnly(path);
  }
  try {
    return OpenWritable(path, access);
  } catch (const DbError&) {
    // A reading command on a full disk, where the writable connection's
    // first write failed: the read-only one needs no room (OpenReadOnly).
    if (access != ArchiveAccess::kRead || !DiskIsFull(folder)) throw;
    return OpenReadOnly(path);
  }
}

}  // namespace tracedb

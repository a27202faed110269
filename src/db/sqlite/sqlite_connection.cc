#include "db/sqlite/sqlite_connection.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>
#include <utility>

#include "db/db_error.h"

namespace tracedb {
namespace {

// Lock waits: a second loader or a reader checkpointing the WAL may hold the
// write lock for a while; waiting a minute beats failing a long ingest.
constexpr int kBusyTimeoutMs = 60000;

// Per-connection settings for bulk loading. synchronous=NORMAL is safe with
// WAL (a power cut may lose the last commits, never corrupt the file);
// foreign_keys stays OFF because the schema declares none and rows arrive
// out of reference order anyway. temp_store stays at its default (files):
// publishing a loaded trace sorts all its rows, which must not be held in
// memory. secure_delete OFF, SQLite's own default, which Debian's build
// turns on: zeroing every deleted row and writing every freed page again
// made deleting a 1 GB trace 15% slower (10.5 -> 9.0 s). The deleted bytes
// stay in free pages until reused; `tracedb delete --vacuum` rewrites the
// file without them.
constexpr const char* kOpenPragmas =
    "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF; PRAGMA secure_delete=OFF;";

// Readers keep reading while a trace loads. The mode is stored in the file,
// so it is set only once the file is known to be ours. A file system that
// cannot do WAL keeps its old mode; loading still works, just without
// concurrent readers.
constexpr const char* kJournalPragma = "PRAGMA journal_mode=WAL;";

// 16 KiB pages for a new file (the size is fixed once the file has content):
// publishing a trace is mostly B-tree inserts, and bigger pages made it 25%
// faster on a 100 MB trace (3.3 s -> 2.4 s) for the same file size. A no-op
// on an existing database.
constexpr const char* kPageSizePragma = "PRAGMA page_size=16384;";
// A scratch file is worthless after a crash: no journal, no fsync.
constexpr const char* kScratchPragmas = "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;";
constexpr auto kWalRetryPause = std::chrono::milliseconds(10);

// A database is ours when it is empty or has tracedb's schema_version table
// (another program may well have a schema_version with other columns).
constexpr const char* kOwnershipQuery =
    "SELECT (SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'),"
    "       (SELECT count(*) FROM pragma_table_info('schema_version')"
    "        WHERE name IN ('version', 'name', 'applied_at'))";

// The -shm could not be made or grown (a full disk: a reader needs 32 KB of
// it), which SQLite reports as a mere "disk I/O error".
bool ShmFailed(sqlite3* db) {
  int code = sqlite3_extended_errcode(db);
  return code == SQLITE_IOERR_SHMSIZE || code == SQLITE_IOERR_SHMOPEN ||
         code == SQLITE_IOERR_SHMMAP || code == SQLITE_FULL;
}

DbError ErrorOf(sqlite3* db, const std::string& path, int code, std::string_view sql) {
  if ((code & 0xff) == SQLITE_NOTADB) {
    return DbError(path, "not a tracedb database (file is not a database)", std::string(sql));
  }
  if ((code & 0xff) == SQLITE_AUTH) {  // RefuseAttach's: the only authorizer
    return DbError(path, "ATTACH and DETACH are refused: a reading command uses this database only",
                   std::string(sql));
  }
  std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  if (db && ShmFailed(db) && (code & 0xff) != SQLITE_FULL) {
    message += " (no room for the " + std::filesystem::path(path).filename().string() +
               "-shm file that its readers and writers share: is the disk full?)";
  }
  return DbError(path, message, std::string(sql));
}

// SQLite says only "unable to open database file"; the system's reason (no
// such folder, permission denied) is what the user needs to fix it.
DbError OpenError(sqlite3* db, const std::string& path, int code) {
  int system = db ? sqlite3_system_errno(db) : 0;
  if ((code & 0xff) == SQLITE_CANTOPEN && system != 0) {
    return DbError(path, std::string("cannot open the database: ") + std::strerror(system));
  }
  return ErrorOf(db, path, code, "");
}

// True when the -wal is missing or empty and there is no -journal (a
// rollback left half done): everything committed is in the main file.
bool WalIsEmpty(const std::string& path) {
  std::error_code error;
  if (std::filesystem::exists(path + "-journal", error)) return false;
  auto wal_size = std::filesystem::file_size(path + "-wal", error);
  return error || wal_size == 0;
}

// And no -shm exists: no other connection has the file open in WAL mode.
bool WalIsGone(const std::string& path) {
  std::error_code error;
  return !std::filesystem::exists(path + "-shm", error) && WalIsEmpty(path);
}

// "file:PATH?immutable=1", with the characters a URI gives meaning to
// escaped.
std::string ImmutableUri(const std::string& path) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

}  // namespace

SqliteConnection::SqliteConnection(std::string path, SqliteFile kind) : path_(std::move(path)) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path_, ignored)) {
    throw DbError(path_, "is a directory, not a database file");
  }
  try {
    if (kind == SqliteFile::kReadOnlyArchive) {
      OpenReadOnly();
    } else if (kind == SqliteFile::kScratch) {
      Open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, path_);
      Exec(kScratchPragmas + ScratchCachePragma("main"));
    } else {
      Open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, path_);
      Exec(kOpenPragmas);
      RefuseForeignDatabase();
      Exec(kPageSizePragma);
      EnableWal();
      KeepWalFiles();
    }
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

void SqliteConnection::Open(int flags, const std::string& name) {
  int rc = sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    DbError error = OpenError(db_, path_, rc);
    sqlite3_close_v2(std::exchange(db_, nullptr));  // SQLite hands out a handle even then
    throw error;
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

// A reader in WAL mode needs the -shm file, and creates it when it is
// missing: a user who may not write the folder then gets "attempt to write
// a readonly database" at the first read. tracedb keeps -wal and -shm
// (KeepWalFiles), so that happens only to an archive last closed by another
// program; its -wal is then empty (the last close copied it into the file),
// and the file alone is the whole archive, read as immutable (no locks, no
// -shm). Should its owner write meanwhile, a reader of that kind may see a
// page of a half-done checkpoint: the price of reading at all, and why it
// is the fallback, not the rule.
//
// The same fallback serves a reader on a full disk, which cannot grow the
// -shm, when the -wal is empty: on such a disk a writer can seldom commit
// anything for a checkpoint to copy.
void SqliteConnection::OpenReadOnly() {
  Open(SQLITE_OPEN_READONLY, path_);
  try {
    RefuseForeignDatabase();
    RefuseAttach();
    return;
  } catch (const DbError&) {
    if (!WalIsGone(path_) && !(ShmFailed(db_) && WalIsEmpty(path_))) throw;
  }
  sqlite3_close_v2(std::exchange(db_, nullptr));
  Open(SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, ImmutableUri(path_));
  RefuseForeignDatabase();
  RefuseAttach();
}

// An authorizer: checked when a statement is prepared, and again when
// SQLite prepares it anew after a change of schema.
void SqliteConnection::RefuseAttach() {
  sqlite3_set_authorizer(
      db_,
      [](void*, int action, const char*, const char*, const char*, const char*) {
        return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
      },
      nullptr);
}

// The -wal and -shm stay when the last connection closes: readers who may
// not create them need them there (OpenReadOnly). journal_size_limit 0
// truncates the -wal each time a checkpoint has copied it all into the
// file, the last one at close included: else it would keep the size of the
// largest load's transaction.
void SqliteConnection::KeepWalFiles() {
  int keep = 1;
  sqlite3_file_control(db_, "main", SQLITE_FCNTL_PERSIST_WAL, &keep);
  Exec("PRAGMA journal_size_limit = 0");
}

SqliteConnection::~SqliteConnection() { sqlite3_close_v2(db_); }

void SqliteConnection::RefuseForeignDatabase() {
  SqliteStatement query = Prepare(kOwnershipQuery);
  query.Step();
  bool empty = query.ColumnInt(0) == 0;
  bool has_schema_version = query.ColumnInt(1) == 3;
  if (!empty && !has_schema_version) {
    throw DbError(path_, "not a tracedb database (it has tables but no schema_version table)");
  }
}

// Switching to WAL needs the file to itself, and SQLite may answer
// SQLITE_BUSY without waiting for the busy handler when others have it open
// (seen with several tracedb processes opening a new file at once; see
// SqliteMigrate.ConcurrentFirstOpensMigrateOnce). So wait here, as long as
// busy_timeout would. A file already in WAL needs no switch and no lock.
void SqliteConnection::EnableWal() {
  {
    SqliteStatement mode = Prepare("PRAGMA journal_mode");  // ends before the switch
    if (mode.Step() && mode.ColumnText(0) == "wal") return;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    int rc = sqlite3_exec(db_, kJournalPragma, nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) return;
    if ((rc & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= deadline) {
      Fail(rc, kJournalPragma);
    }
    std::this_thread::sleep_for(kWalRetryPause);
  }
}

void SqliteConnection::Exec(const std::string& sql) {
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) Fail(rc, sql);
}

SqliteStatement SqliteConnection::Prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
  if (rc != SQLITE_OK) Fail(rc, sql);
  if (stmt == nullptr) throw DbError(path_, "no statement to prepare", std::string(sql));
  return SqliteStatement(this, stmt);
}

void SqliteConnection::CreateModule(const char* name, const sqlite3_module* module, void* aux) {
  int rc = sqlite3_create_module_v2(db_, name, module, aux, nullptr);
  if (rc != SQLITE_OK) Fail(rc, name);
}

// A null module removes the name's.
void SqliteConnection::DropModule(const char* name) noexcept {
  sqlite3_create_module_v2(db_, name, nullptr, nullptr, nullptr);
}

int64_t SqliteConnection::LastInsertId() const { return sqlite3_last_insert_rowid(db_); }

bool SqliteConnection::InTransaction() const { return sqlite3_get_autocommit(db_) == 0; }

void SqliteConnection::Rollback() noexcept {
  if (InTransaction()) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void SqliteConnection::Fail(int code, std::string_view sql) const {
  throw ErrorOf(db_, path_, code, sql);
}

SqliteStatement::SqliteStatement(const SqliteConnection* connection, sqlite3_stmt* stmt)
    : connection_(connection), stmt_(stmt) {}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : connection_(other.connection_), stmt_(std::exchange(other.stmt_, nullptr)) {}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    connection_ = other.connection_;
    stmt_ = std::exchange(other.stmt_, nullptr);
  }
  return *this;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(stmt_); }

void SqliteStatement::BindInt(int index, int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) Fail(rc);
}

void SqliteStatement::BindDouble(int index, double value) {
  int rc = sqlite3_bind_double(stmt_, index, value);
  if (rc != SQLITE_OK) Fail(rc);
}

void SqliteStatement::BindText(int index, std::string_view value) {
  int rc =
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK) Fail(rc);
}

void SqliteStatement::BindTextUncopied(int index, std::string_view value) {
  int rc =
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_STATIC, SQLITE_UTF8);
  if (rc != SQLITE_OK) Fail(rc);
}

void SqliteStatement::BindNull(int index) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) Fail(rc);
}

void SqliteStatement::ClearBindings() { sqlite3_clear_bindings(stmt_); }

bool SqliteStatement::Step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  Fail(rc);
}

void SqliteStatement::Reset() { sqlite3_reset(stmt_); }

bool SqliteStatement::IsReadOnly() const { return sqlite3_stmt_readonly(stmt_) != 0; }

int SqliteStatement::ColumnCount() const { return sqlite3_column_count(stmt_); }

std::string SqliteStatement::ColumnName(int index) const {
  const char* name = sqlite3_column_name(stmt_, index);
  return name ? name : "";
}

bool SqliteStatement::ColumnIsNull(int index) const {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

SqliteType SqliteStatement::ColumnType(int index) const {
  switch (sqlite3_column_type(stmt_, index)) {
    case SQLITE_INTEGER:
      return SqliteType::kInteger;
    case SQLITE_FLOAT:
      return SqliteType::kReal;
    case SQLITE_TEXT:
      return SqliteType::kText;
    case SQLITE_BLOB:
      return SqliteType::kBlob;
    default:
      return SqliteType::kNull;
  }
}

int64_t SqliteStatement::ColumnInt(int index) const { return sqlite3_column_int64(stmt_, index); }

double SqliteStatement::ColumnDouble(int index) const {
  return sqlite3_column_double(stmt_, index);
}

std::string SqliteStatement::ColumnText(int index) const { return std::string(ColumnView(index)); }

std::string_view SqliteStatement::ColumnView(int index) const {
  // Text first, then its size: the documented order that avoids a conversion
  // invalidating the pointer.
  const unsigned char* text = sqlite3_column_text(stmt_, index);
  int size = sqlite3_column_bytes(stmt_, index);
  if (text == nullptr) return {};
  return {reinterpret_cast<const char*>(text), static_cast<size_t>(size)};
}

void SqliteStatement::Fail(int code) const {
  // The message must be read before the reset, which makes the statement
  // usable again (a failed step leaves it stuck until reset).
  DbError error = ErrorOf(sqlite3_db_handle(stmt_), connection_->path(), code, sqlite3_sql(stmt_));
  sqlite3_reset(stmt_);
  throw error;
}

}  // namespace tracedb

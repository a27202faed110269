// SqliteConnection: one open tracedb database file, and SqliteStatement, a
// prepared statement on it. Every failure is a DbError whose text names the
// file: "tracedb.sqlite: no such table: foo".
//
// Opening refuses, before changing anything, a file that is not SQLite and a
// SQLite database of another program (tables but no tracedb schema_version);
// it then sets the pragmas of a bulk loader (see OpenPragmas in the .cc),
// except for a read-only archive, which it only reads.
//
// Threading: a connection and its statements are used by one thread at a
// time (opened SQLITE_OPEN_NOMUTEX); other threads and processes open their
// own. Statements must be destroyed before their connection.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_module;

namespace tracedb {

class SqliteConnection;

// The storage class of a result value (SQLite's five).
enum class SqliteType { kInteger, kReal, kText, kBlob, kNull };

class SqliteStatement {
 public:
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement& operator=(SqliteStatement&& other) noexcept;
  ~SqliteStatement();

  // Parameters count from 1, as in SQLite. Text is copied at once.
  void BindInt(int index, int64_t value);
  void BindDouble(int index, double value);
  void BindText(int index, std::string_view value);
  // Text not copied: it must stay as it is until ClearBindings or until the
  // parameter is bound again (bulk loads, whose rows outlive the statement's
  // runs, spare a copy per value).
  void BindTextUncopied(int index, std::string_view value);
  void BindNull(int index);
  void ClearBindings();

  // True when a row is ready to read, false when the statement is done.
  bool Step();
  // Makes the statement ready to run again; bindings are kept.
  void Reset();
  // True when the statement cannot change the database file by itself
  // (sqlite3_stmt_readonly): SELECT, most PRAGMAs, BEGIN/COMMIT, ATTACH.
  bool IsReadOnly() const;

  // Columns count from 0, as in SQLite. A NULL reads as 0 or "".
  int ColumnCount() const;
  std::string ColumnName(int index) const;
  bool ColumnIsNull(int index) const;
  SqliteType ColumnType(int index) const;
  int64_t ColumnInt(int index) const;
  double ColumnDouble(int index) const;
  std::string ColumnText(int index) const;
  // The text without a copy: valid until the next Step or column read.
  std::string_view ColumnView(int index) const;

 private:
  friend class SqliteConnection;
  SqliteStatement(const SqliteConnection* connection, sqlite3_stmt* stmt);
  [[noreturn]] void Fail(int code) const;

  const SqliteConnection* connection_;
  sqlite3_stmt* stmt_;
};

// What a connection opens: a tracedb archive (checked to be one, in WAL
// mode, its -wal and -shm files kept when it closes), the same read-only
// (nothing written, not even the -shm when it cannot be: see
// OpenReadOnly in the .cc), or the scratch file of a staged load
// (db/sqlite/staged/sqlite_staged_load.h), written without journal or fsync and
// thrown away if anything fails.
enum class SqliteFile { kArchive, kReadOnlyArchive, kScratch };

// The page cache of a scratch file (db/sqlite/staged/sqlite_staged_load.h), set
// on every connection that attaches or writes one, for `schema` there: a load only
// appends to its tables, which touches the right edge of each B-tree, and
// SQLite's default of 2 MB per schema was held through the whole load.
// SQLite ingest of the 100 MB trace of 50,000 containers, alternating:
// peak RSS 215 -> 205 MB, time the same; the 1 GB trace no slower.
inline std::string ScratchCachePragma(const std::string& schema) {
  return "PRAGMA " + schema + ".cache_size = -256;";  // KiB
}

class SqliteConnection {
 public:
  // Opens the database at `path`, creating an empty file if there is none
  // (not kReadOnlyArchive: that refuses a missing file).
  explicit SqliteConnection(std::string path, SqliteFile kind = SqliteFile::kArchive);
  ~SqliteConnection();
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  // Runs one or more statements that return no rows (rows are dropped).
  void Exec(const std::string& sql);
  // One statement; text after the first statement is ignored.
  SqliteStatement Prepare(std::string_view sql);

  int64_t LastInsertId() const;
  // Makes a virtual table module known to this connection under `name`
  // (sqlite3_create_module_v2; `aux` is its client data), or forgets it.
  void CreateModule(const char* name, const sqlite3_module* module, void* aux);
  void DropModule(const char* name) noexcept;
  bool InTransaction() const;
  // From now on, statements that ATTACH or DETACH fail to prepare: a
  // reader's ATTACH counts as reading (sqlite3_stmt_readonly, query_only)
  // yet creates an empty file where the one it names does not exist.
  void RefuseAttach();
  // Rolls back the open transaction, if any. Never throws: for destructors
  // and error paths, where the original error is the one worth reporting.
  void Rollback() noexcept;

  // The path as the caller gave it; error messages start with it.
  const std::string& path() const { return path_; }

 private:
  friend class SqliteStatement;
  [[noreturn]] void Fail(int code, std::string_view sql) const;
  void Open(int flags, const std::string& name);
  void OpenReadOnly();
  void RefuseForeignDatabase();
  void EnableWal();
  void KeepWalFiles();

  std::string path_;
  sqlite3* db_ = nullptr;
};

}  // namespace tracedb

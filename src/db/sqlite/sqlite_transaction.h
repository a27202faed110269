// SqliteTransaction: BEGIN IMMEDIATE on construction, COMMIT on Commit(),
// ROLLBACK when the scope is left without Commit() (an exception passed).
//
// IMMEDIATE takes the write lock at the start, where busy_timeout waits for
// it. A deferred transaction would take it at its first write and, under WAL,
// fail at once with SQLITE_BUSY if another writer committed meanwhile.
//
// Not nestable: BEGIN inside an open transaction is a DbError. Same thread
// as the connection; the connection must outlive the transaction.
#pragma once

#include "db/sqlite/sqlite_connection.h"

namespace tracedb {

class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteConnection& connection);
  ~SqliteTransaction();  // rolls back unless committed; never throws
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;

  void Commit();

 private:
  SqliteConnection& connection_;
  bool committed_ = false;
};

}  // namespace tracedb

#include "db/sqlite/sqlite_transaction.h"

namespace tracedb {

SqliteTransaction::SqliteTransaction(SqliteConnection& connection) : connection_(connection) {
  connection_.Exec("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
  if (!committed_) connection_.Rollback();
}

void SqliteTransaction::Commit() {
  connection_.Exec("COMMIT");
  committed_ = true;
}

}  // namespace tracedb

#include "pipeline/open_archive.h"

#include "db/postgres/pg_archive.h"
#include "db/postgres/pg_conninfo.h"
#include "db/sqlite/sqlite_archive.h"

namespace tracedb {

std::unique_ptr<Archive> OpenArchive(const std::string& db, bool create) {
  if (IsPostgresConninfo(db)) return OpenPostgresArchive(db);
  return OpenSqliteArchive(db, create);
}

}  // namespace tracedb

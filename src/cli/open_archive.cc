#include "cli/open_archive.h"

#include <filesystem>

#include "db/db_error.h"
#include "db/sqlite_migrate.h"

namespace tracedb {

std::unique_ptr<SqliteConnection> OpenArchive(const std::string& db) {
  std::error_code error;
  if (!std::filesystem::exists(db, error)) {
    throw DbError(db, "no such database (tracedb ingest --db " + db + " FILE creates it)");
  }
  auto connection = std::make_unique<SqliteConnection>(db);
  Migrate(*connection);
  return connection;
}

}  // namespace tracedb

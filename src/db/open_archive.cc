#include "db/open_archive.h"

#include "db/sqlite_archive.h"

namespace tracedb {

std::unique_ptr<Archive> OpenArchive(const std::string& db, bool create) {
  return OpenSqliteArchive(db, create);
}

}  // namespace tracedb

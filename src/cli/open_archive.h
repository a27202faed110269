// OpenArchive: the database of the commands that read or prune an archive
// (list, info, delete, query), opened and migrated to this binary's schema.
// Unlike ingest, they refuse a missing file instead of creating an empty
// archive: `tracedb list` in the wrong folder should say so, not leave a
// tracedb.sqlite behind. Throws DbError. The connection is the caller's.
#pragma once

#include <memory>
#include <string>

#include "db/sqlite_connection.h"

namespace tracedb {

std::unique_ptr<SqliteConnection> OpenArchive(const std::string& db);

}  // namespace tracedb

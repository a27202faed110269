// SqliteArchive: the Archive of a SQLite file, over the functions of
// trace_catalog.h, sqlite_staged_load.h and stored_trace_reader.h.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"
#include "db/sqlite_connection.h"

namespace tracedb {

// Opens (creating it when `create`, else refusing a missing file) and
// migrates the database at `path`.
std::unique_ptr<Archive> OpenSqliteArchive(const std::string& path, bool create);

}  // namespace tracedb

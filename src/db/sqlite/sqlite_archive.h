// The Archive of a SQLite file: one object, owning the one connection,
// implements the five roles (db/archive.h) over the functions of
// trace_catalog.h, sqlite_staged_load.h and sqlite_summary_store.h.
//
// The archive's thread rules (db/archive.h). A load's writer writes through
// the archive's own connection, on the pipeline's writer thread: leave
// every role of the archive alone until the load publishes or fails, and
// end the load before the archive.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"
#include "db/sqlite/sqlite_connection.h"

namespace tracedb {

// Opens (creating it for kCreate, else refusing a missing file) and
// migrates the database at `path`. kRead opens it read-only, unmigrated,
// when the user may not write the file or its folder; then its schema must
// be this binary's.
std::unique_ptr<Archive> OpenSqliteArchive(const std::string& path, ArchiveAccess access);

// Whether OpenSqliteArchive(path, kCreate) would make a new file. Throws the
// DbError it would throw for a place that cannot hold one (no folder, a
// folder this user may not write), without creating anything.
bool WouldCreateSqliteArchive(const std::string& path);

}  // namespace tracedb

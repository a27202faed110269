// OpenArchive: the database named by --db, opened and migrated to this
// binary's schema: a PostgreSQL connection string (postgresql://... or
// postgres://..., or libpq's "key=value ..." form) or else a SQLite file.
//
// `access` says what the command will do with it (db/archive.h). Throws
// DbError.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"

namespace tracedb {

std::unique_ptr<Archive> OpenArchive(const std::string& db, ArchiveAccess access);

}  // namespace tracedb

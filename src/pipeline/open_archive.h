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

// Whether OpenArchive(db, kCreate) would make a new SQLite file. An ingest
// then opens it only once a file is ready to load, so that one which fails
// on its input leaves no empty archive behind. Throws the DbError that
// OpenArchive would throw for a place that cannot hold one or for an
// unknown kind of database; creates nothing.
bool WouldCreateArchive(const std::string& db);

}  // namespace tracedb

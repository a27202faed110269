// OpenArchive: the database named by --db, opened and migrated to this
// binary's schema: a PostgreSQL connection string (postgresql://... or
// postgres://..., or libpq's "key=value ..." form) or else a SQLite file.
//
// `create`: ingest makes a missing SQLite file; the commands that read or
// prune an archive refuse it instead: `tracedb list` in the wrong folder
// should say so, not leave a tracedb.sqlite behind. Throws DbError.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"

namespace tracedb {

std::unique_ptr<Archive> OpenArchive(const std::string& db, bool create);

}  // namespace tracedb

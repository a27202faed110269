// PgArchive: the Archive of a PostgreSQL database (migrations/postgresql/):
// libpqxx for the catalog, reads and queries; loads on libpq sessions of
// their own (pg_load.h). Deleting a trace drops its partitions, whatever its
// size; CleanInterrupted removes loading traces whose loader's advisory
// lock is free (the loader's session ended, on whatever host).
//
// Archive's thread rules (archive.h); a load's sessions are its own, not the
// archive's connection.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"

namespace tracedb {

// Connects (libpq reads `conninfo`, the PG* variables, ~/.pgpass...) and
// migrates.
std::unique_ptr<Archive> OpenPostgresArchive(const std::string& conninfo);

}  // namespace tracedb

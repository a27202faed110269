// The Archive of a PostgreSQL database (migrations/postgresql/): one
// object, owning one libpqxx connection, implements the five roles
// (db/archive.h): the catalog, reads and queries on that connection; loads
// and summary stores on libpq sessions of their own (pg_load.h,
// pg_summary_store.h). Deleting a trace drops its partitions, whatever its
// size; CleanInterrupted removes loading traces whose loader's advisory
// lock is free (the loader's session ended, on whatever host).
//
// The archive's thread rules (db/archive.h); a load's sessions are its own,
// not the archive's connection.
#pragma once

#include <memory>
#include <string>

#include "db/archive.h"

namespace tracedb {

// Connects (libpq reads `conninfo`, the PG* variables, ~/.pgpass...) and
// migrates.
std::unique_ptr<Archive> OpenPostgresArchive(const std::string& conninfo);

}  // namespace tracedb

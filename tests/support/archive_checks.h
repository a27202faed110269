// What must hold for an archive at any instant, whatever process was killed
// when: the checks of the crash and concurrency tests, on both backends.
#pragma once

#include <string>
#include <vector>

#include "support/backend_support.h"

namespace tracedb::testing {

// One statement, so one snapshot, in both dialects: a row per complete
// trace, "ID|stored|counted", where stored is the trace row's container,
// state, event, variable and link counts and counted the rows the tables
// hold for it (equal when the trace is whole), then the row
// "stray|0|N": N rows in the entity tables of traces that are not complete
// (0 when no load shows through).
std::string CompletenessSql();

// What is wrong with the database now, [] when nothing: SQLite's
// integrity_check, and CompletenessSql()'s rows that are not as they must be.
std::vector<std::string> ArchiveProblems(TestDatabase& database);

// The traces as "NAME|STATUS", by id.
std::vector<std::string> TraceStatuses(TestDatabase& database);

// What loads leave outside the trace rows: SQLite's scratch files (file
// names, "DB.load-ID"), PostgreSQL's partition tables of traces that are
// not complete ("trace_part.TABLE_ID"). Sorted.
std::vector<std::string> LoadLeftovers(TestDatabase& database);

// PostgreSQL notices a killed client when it next reads its socket; until
// then its session holds the load's advisory lock and the load looks alive.
// Waits (up to a minute) until no advisory lock is held on the database.
// Nothing to wait for on SQLite, whose locks die with the process.
void WaitForKilledSessions(TestDatabase& database);

// The rows a trace file loads into, by table ("container=N", ... as
// TestDatabase::RowCounts): a plain ingest of it into a new SQLite file,
// once per content and process.
std::vector<std::string> ReferenceRowCounts(const std::string& trace_file);

// `tracedb-gen-paje --size SIZE --seed SEED` into a temporary file NAME.
std::string GeneratedTrace(const std::string& name, const std::string& size, int seed);

}  // namespace tracedb::testing

// tracedb delete: removes traces and all their rows from an archive.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/open_archive.h"
#include "db/db_error.h"
#include "db/trace_catalog.h"

namespace tracedb {
namespace {

// Deletes one trace in its own transaction; false (reported) when it could
// not be: unknown, an ambiguous name, still being loaded, a database error.
bool DeleteOne(SqliteConnection& connection, const DeleteArgs& args, const std::string& given) {
  try {
    std::optional<TraceRecord> trace = FindTrace(connection, given);
    // A trace deleted by another process since FindTrace is as unknown.
    if (!trace || !DeleteTrace(connection, trace->id)) {
      throw DbError(args.db, "no trace '" + given + "' (see tracedb list)");
    }
    std::cerr << "deleted trace " << trace->id << " (" << trace->info.name << ")\n";
    return true;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return false;
  }
}

// Deleted pages sit in the WAL until a checkpoint copies them back;
// TRUNCATE also empties the -wal file, so the space shows as free. It waits
// for readers of older snapshots, but not a minute: a checkpoint still
// blocked then does what it can, reports busy in its row (not an error),
// and the next one finishes the job.
void Checkpoint(SqliteConnection& connection) {
  connection.Exec("PRAGMA busy_timeout = 2000; PRAGMA wal_checkpoint(TRUNCATE)");
}

}  // namespace

int RunDelete(const DeleteArgs& args) {
  auto connection = OpenArchive(args.db);
  int deleted = 0;
  int failed = 0;
  for (const std::string& given : args.traces) {
    if (DeleteOne(*connection, args, given)) {
      ++deleted;
    } else {
      ++failed;
    }
  }
  if (args.vacuum) connection->Exec("VACUUM");
  if (deleted > 0 || args.vacuum) Checkpoint(*connection);
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

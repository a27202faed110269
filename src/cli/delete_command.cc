// tracedb delete: removes traces and all their rows from an archive.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "db/db_error.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace {

// Deletes one trace in its own transaction; false (reported) when it could
// not be: unknown, an ambiguous name, still being loaded, a database error.
bool DeleteOne(Archive& archive, const std::string& given) {
  try {
    std::optional<TraceRecord> trace = archive.FindTrace(given);
    // A trace deleted by another process since FindTrace is as unknown.
    if (!trace || !archive.DeleteTrace(trace->id)) {
      throw DbError(archive.name(), "no trace '" + given + "' (see tracedb list)");
    }
    std::cerr << "deleted trace " << trace->id << " (" << trace->info.name << ")\n";
    return true;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return false;
  }
}

}  // namespace

int RunDelete(const DeleteArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kChange);
  int deleted = 0;
  int failed = 0;
  std::vector<std::string> traces = args.traces;
  if (args.failed) {
    size_t given = traces.size();
    for (const TraceRecord& trace : archive->ListTraces()) {
      if (trace.status == TraceStatus::kFailed) traces.push_back("id:" + std::to_string(trace.id));
    }
    if (traces.size() == given) std::cerr << archive->name() << ": no failed traces\n";
  }
  for (const std::string& given : traces) {
    if (DeleteOne(*archive, given)) {
      ++deleted;
    } else {
      ++failed;
    }
  }
  if (deleted > 0 || args.vacuum) archive->Reclaim(args.vacuum);
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

// tracedb delete: removes traces and all their rows from an archive.
#include <iostream>
#include <string>

#include "cli/background_purge.h"
#include "cli/commands.h"
#include "db/db_error.h"
#include "db/loader_process.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace {

// Above this many rows (about a second of SQLite's deleting) a trace is
// hidden at once and its rows are removed in the background.
constexpr int64_t kBackgroundRows = 1'000'000;

int64_t RowCount(const TraceRecord& trace) {
  if (!trace.summary) return 0;
  const TraceSummary& s = *trace.summary;
  return s.container_count + s.state_count + s.event_count + s.variable_count + s.link_count;
}

bool LeaveRowsForLater(const DeleteArgs& args, const TraceRecord& trace) {
  if (args.wait || args.vacuum) return false;
  return args.background || RowCount(trace) > kBackgroundRows;
}

// Deletes or hides one trace in its own transaction; false (reported) when it
// could not be: unknown, an ambiguous name, still being loaded, a database
// error.
bool DeleteOne(Archive& archive, const DeleteArgs& args, const std::string& given) {
  try {
    std::optional<TraceRecord> trace = archive.FindTrace(given);
    bool later = trace && LeaveRowsForLater(args, *trace);
    // A trace deleted by another process since FindTrace is as unknown.
    if (!trace || !(later ? archive.HideTrace(trace->id) : archive.DeleteTrace(trace->id))) {
      throw DbError(archive.name(), "no trace '" + given + "' (see tracedb list)");
    }
    std::cerr << "deleted trace " << trace->id << " (" << trace->info.name << ")\n";
    return true;
  } catch (const DbError& e) {
    std::cerr << "tracedb: " << e.what() << "\n";
    return false;
  }
}

std::vector<std::string> TracesToDelete(Archive& archive, const DeleteArgs& args) {
  std::vector<std::string> traces = args.traces;
  if (!args.failed) return traces;
  size_t given = traces.size();
  for (const TraceRecord& trace : archive.ListTraces()) {
    if (trace.status == TraceStatus::kFailed) traces.push_back("id:" + std::to_string(trace.id));
  }
  if (traces.size() == given) std::cerr << archive.name() << ": no failed traces\n";
  return traces;
}

// A trace this run hid, or one whose removal stopped (its remover gone);
// not one that another live tracedb is removing.
bool AnyLeftToRemove(Archive& archive) {
  std::vector<TraceRecord> traces = archive.ListTraces();
  for (const TraceRecord& trace : traces) {
    bool mine = IsThisProcess(trace.loader_host.value_or(""), trace.loader_pid.value_or(0));
    if (trace.status == TraceStatus::kDeleting && mine) return true;
  }
  return !StoppedRemovals(traces).empty();
}

// The rows of hidden traces (this run's, or those a killed delete left) go
// to a background tracedb, unless the user waits or it cannot start.
void RemoveHiddenRows(Archive& archive, const DeleteArgs& args) {
  if (!args.wait && !args.vacuum) {
    std::string problem;
    if (StartBackgroundPurge(archive.name(), &problem)) {
      std::cerr << "their rows go in the background (tracedb list shows 'deleting' until then)\n";
      return;
    }
    std::cerr << "tracedb: no background tracedb (" << problem << "): removing the rows now\n";
  }
  archive.PurgeDeleted(0);
  archive.Reclaim(args.vacuum);
}

}  // namespace

int RunDelete(const DeleteArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kChange);
  if (args.purge_for != 0) {
    if (!archive->PurgeDeleted(args.purge_for).empty()) archive->Reclaim(false);
    return 0;
  }
  int deleted = 0;
  int failed = 0;
  for (const std::string& given : TracesToDelete(*archive, args)) {
    if (DeleteOne(*archive, args, given)) {
      ++deleted;
    } else {
      ++failed;
    }
  }
  if (AnyLeftToRemove(*archive)) {
    RemoveHiddenRows(*archive, args);
  } else if (deleted > 0 || args.vacuum) {
    archive->Reclaim(args.vacuum);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

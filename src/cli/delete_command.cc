// tracedb delete: removes traces and all their rows from an archive.
#include <algorithm>
#include <chrono>
#include <initializer_list>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

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
// How often --vacuum looks whether another process's removal has ended.
constexpr auto kRemovalPoll = std::chrono::milliseconds(100);

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
    std::optional<TraceRecord> trace = archive.catalog->FindTrace(given);
    bool later = trace && LeaveRowsForLater(args, *trace);
    // A trace deleted by another process since FindTrace is as unknown.
    if (!trace || !(later ? archive.remover->HideTrace(trace->id)
                          : archive.remover->DeleteTrace(trace->id))) {
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
  for (const TraceRecord& trace : archive.catalog->ListTraces()) {
    if (trace.status == TraceStatus::kFailed) traces.push_back("id:" + std::to_string(trace.id));
  }
  if (traces.size() == given) std::cerr << archive.name() << ": no failed traces\n";
  return traces;
}

// Who removes a trace's rows, as this process sees it.
enum class Remover {
  kNone,         // not "deleting"
  kThisProcess,  // this run hid it
  kAlive,        // another live tracedb on this host
  kGone,         // its remover was killed: the removal stopped
  kElsewhere,    // a tracedb on another host, which cannot be checked
};

Remover RemoverOf(const TraceRecord& trace) {
  if (trace.status != TraceStatus::kDeleting) return Remover::kNone;
  std::string host = trace.loader_host.value_or("");
  int64_t pid = trace.loader_pid.value_or(0);
  if (IsThisProcess(host, pid)) return Remover::kThisProcess;
  switch (CheckLoader(host, pid)) {
    case LoaderState::kAlive:
      return Remover::kAlive;
    case LoaderState::kGone:
      return Remover::kGone;
    case LoaderState::kUnknown:
      return Remover::kElsewhere;
  }
  return Remover::kElsewhere;
}

// The traces (by id, as ListTraces has them) whose remover is one of `wanted`.
std::vector<TraceRecord> RemovedBy(Archive& archive, std::initializer_list<Remover> wanted) {
  std::vector<TraceRecord> traces = archive.catalog->ListTraces();
  std::erase_if(traces, [&](const TraceRecord& trace) {
    return std::find(wanted.begin(), wanted.end(), RemoverOf(trace)) == wanted.end();
  });
  return traces;
}

// The traces this run hid, and those whose removal stopped; not those that
// another live tracedb is removing.
std::vector<TraceRecord> LeftToRemove(Archive& archive) {
  return RemovedBy(archive, {Remover::kThisProcess, Remover::kGone});
}

// "trace 3 (u.paje)", "traces 3 (u.paje) and 4 (v.paje)".
std::string Named(const std::vector<TraceRecord>& traces) {
  std::string text = traces.size() == 1 ? "trace " : "traces ";
  for (size_t i = 0; i < traces.size(); ++i) {
    if (i > 0) text += i + 1 == traces.size() ? " and " : ", ";
    text += std::to_string(traces[i].id) + " (" + traces[i].info.name + ")";
  }
  return text;
}

// The rows of hidden traces (this run's, or those a killed delete left) go
// to a background tracedb, unless the user waits or it cannot start; true
// when they were removed here.
bool RemoveHiddenRows(Archive& archive, const DeleteArgs& args,
                      const std::vector<TraceRecord>& left) {
  if (!args.wait && !args.vacuum) {
    std::string problem;
    if (HandToBackground(archive, &problem)) {
      std::cerr << "the rows of " << Named(left)
                << " go in the background (tracedb list shows 'deleting' until then)\n";
      return false;
    }
    std::cerr << "tracedb: no background tracedb (" << problem << "): removing the rows now\n";
  }
  archive.remover->PurgeDeleted(0);
  return true;
}

// --vacuum compacts the file once every removal under way has ended, or
// their rows' pages would stay in it, free but not given back. A removal
// that stops meanwhile is finished here.
void AwaitOtherRemovals(Archive& archive) {
  bool said = false;
  for (;;) {
    std::vector<TraceRecord> others = RemovedBy(archive, {Remover::kAlive});
    if (others.empty()) break;
    if (!said) {
      std::cerr << "waiting for the removal of " << Named(others) << " to end, to give back "
                << (others.size() == 1 ? "its" : "their") << " space too\n";
      said = true;
    }
    std::this_thread::sleep_for(kRemovalPoll);
    if (!LeftToRemove(archive).empty()) archive.remover->PurgeDeleted(0);
  }
  std::vector<TraceRecord> elsewhere = RemovedBy(archive, {Remover::kElsewhere});
  if (!elsewhere.empty()) {
    std::cerr << "tracedb: " << archive.name() << ": the removal of " << Named(elsewhere)
              << " runs on another host: the space of its rows stays until it ends\n";
  }
}

}  // namespace

int RunDelete(const DeleteArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kChange);
  if (args.purge_for != 0) {
    if (!archive->remover->PurgeDeleted(args.purge_for).empty()) archive->remover->Reclaim(false);
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
  std::vector<TraceRecord> left = LeftToRemove(*archive);
  bool removed_here = !left.empty() && RemoveHiddenRows(*archive, args, left);
  if (args.vacuum) AwaitOtherRemovals(*archive);
  if (removed_here || (left.empty() && deleted > 0) || args.vacuum) {
    archive->remover->Reclaim(args.vacuum);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

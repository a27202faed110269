// tracedb delete: removes traces and all their rows from an archive.
#include <algorithm>
#include <chrono>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "cli/background_purge.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "db/db_error.h"
#include "db/loader_process.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace delete_command {
namespace {

constexpr Option kOptions[] = {
    {"vacuum", nullptr, "give the freed space back (waits for the rows)"},
    {"wait", nullptr, "remove the rows before returning, however many"},
    {"background", nullptr, "leave the rows to a background tracedb, however few", nullptr, false,
     true},
    {"failed", nullptr, "delete every failed trace"},
    // The background tracedb's own (cli/background_purge.h).
    {"purge-for", "PID", "", "0", false, false, true},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}};

constexpr UsageForm kUsage[] = {
    {.operands = "TRACE...", .omit = "failed"},
    {.operands = "[TRACE...]", .required = "failed"},
};

constexpr const char* kDescription =
    "Remove traces and all their rows, each in its own transaction, saying\n"
    "'deleted trace N (name)' on stderr for each. A trace that cannot be\n"
    "deleted (not there, or still being loaded) is reported and the others\n"
    "are still deleted; the exit code is then 1. SQLite reuses the freed\n"
    "pages, which keep the deleted bytes until then; --vacuum rewrites the\n"
    "file without them and gives the space back to the file system.\n"
    "PostgreSQL drops the trace's partitions, freeing them at once.\n"
    "--failed deletes every failed trace (and TRACEs, when given).\n"
    "\n"
    "SQLite takes seconds to remove millions of rows. So a trace of more\n"
    "than a million rows (--background: any trace) is hidden at once, gone\n"
    "from the views and every command, and a tracedb of its own removes its\n"
    "rows in the background, a table at a time, while loads go on; tracedb\n"
    "list shows it 'deleting' until then. --wait removes them before\n"
    "returning, and --vacuum also waits for the removals under way. A\n"
    "background removal that was killed goes on with the next tracedb\n"
    "ingest or delete.\n";

constexpr const char* kExamples =
    "tracedb delete --db runs.sqlite 2 5\n"
    "tracedb delete --failed\n";

struct DeleteArgs {
  std::string db;
  std::vector<std::string> traces;  // ids or names
  bool failed = false;              // --failed: every failed trace too
  bool vacuum = false;              // rebuild the file afterwards, returning free pages
  bool wait = false;                // remove every row before returning
  bool background = false;          // leave every trace's rows to a background tracedb
  int64_t purge_for = 0;            // the background tracedb: remove the rows this pid hid
};


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

int Delete(const DeleteArgs& args) {
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


int Run(const Arguments& arguments) {
  DeleteArgs args{.db = DatabaseArgument(arguments),
                  .traces = arguments.operands,
                  .failed = Flag(arguments, "failed"),
                  .vacuum = Flag(arguments, "vacuum"),
                  .wait = Flag(arguments, "wait"),
                  .background = Flag(arguments, "background"),
                  .purge_for = Number(arguments, "purge-for", 0, std::numeric_limits<int64_t>::max())};
  if (args.traces.empty() && !args.failed && args.purge_for == 0) {
    throw UsageError("missing TRACE (or --failed)");
  }
  if (args.wait && args.background) throw UsageError("--wait or --background, not both");
  return Delete(args);
}

}  // namespace
}  // namespace delete_command

const Command kDeleteCommand{
    .name = "delete",
    .summary = "remove traces and all their rows from a database",
    .usage = delete_command::kUsage,
    .options = delete_command::kGroups,
    .description = delete_command::kDescription,
    .examples = delete_command::kExamples,
    .run = delete_command::Run,
};

}  // namespace tracedb

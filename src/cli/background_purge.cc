#include "cli/background_purge.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "db/db_error.h"
#include "db/loader_process.h"

extern char** environ;

namespace tracedb {
namespace {

// posix_spawn's settings, released however the spawn ends.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;

  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

// Its own session, no signal blocked (a caller may block some for a thread
// of its own), and /dev/null for the three standard streams: a pipe the
// caller's caller reads must not stay open for as long as the purge runs.
// Nor does any other descriptor the caller left open stay open in it. The
// signals that stop a process do so again, should the caller ignore them
// (nohup, a shell's background job).
void Configure(SpawnSetup& setup) {
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&setup.attributes, &none);
  sigset_t stopping;
  sigemptyset(&stopping);
  for (int signal : {SIGINT, SIGTERM, SIGQUIT, SIGPIPE}) sigaddset(&stopping, signal);
  posix_spawnattr_setsigdefault(&setup.attributes, &stopping);
  posix_spawnattr_setflags(&setup.attributes,
                           POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&setup.actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&setup.actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclosefrom_np(&setup.actions, 3);
}

}  // namespace

std::vector<TraceRecord> StoppedRemovals(const std::vector<TraceRecord>& traces) {
  std::vector<TraceRecord> stopped;
  for (const TraceRecord& trace : traces) {
    if (trace.status != TraceStatus::kDeleting) continue;
    std::string host = trace.loader_host.value_or("");
    if (CheckLoader(host, trace.loader_pid.value_or(0)) == LoaderState::kGone) {
      stopped.push_back(trace);
    }
  }
  return stopped;
}

void WarnStoppedRemovals(const std::string& db, const std::vector<TraceRecord>& traces) {
  for (const TraceRecord& trace : StoppedRemovals(traces)) {
    spdlog::warn("{}: the removal of trace {} ({}) stopped part way: tracedb delete {} finishes it",
                 db, trace.id, trace.info.name, trace.id);
  }
}

std::optional<int64_t> StartBackgroundPurge(const std::string& db, std::string* problem) {
  // A container whose entry point is tracedb: its PID namespace, and every
  // process in it, ends when this process does.
  if (getpid() == 1) {
    *problem = "this is its container's first process, which a background one would not outlive";
    return std::nullopt;
  }
  std::vector<std::string> words = {"tracedb", "delete",      "--db",
                                    db,        "--purge-for", std::to_string(getpid())};
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  SpawnSetup setup;
  Configure(setup);
  pid_t child = 0;
  int error = posix_spawn(&child, "/proc/self/exe", &setup.actions, &setup.attributes, argv.data(),
                          environ);
  if (error == 0) return child;
  *problem = std::strerror(error);
  return std::nullopt;
}

bool HandToBackground(Archive& archive, std::string* problem) {
  std::optional<int64_t> remover = StartBackgroundPurge(archive.name(), problem);
  if (!remover) return false;
  try {
    archive.remover->HandRemovalsTo(*remover);
  } catch (const DbError&) {
    // The remover claims them itself all the same; they only look stopped
    // until it does.
  }
  return true;
}

}  // namespace tracedb

#include "db/loader_process.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>

namespace tracedb {

std::string ThisHost() {
  char name[HOST_NAME_MAX + 1] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

int64_t ThisPid() { return getpid(); }

LoaderState CheckLoader(std::string_view host, int64_t pid) {
  // kill() treats 0 and negative pids as process groups: never ask about them.
  if (host.empty() || pid <= 0 || pid > INT_MAX) return LoaderState::kUnknown;
  if (host != ThisHost()) return LoaderState::kUnknown;
  // Signal 0 checks existence only. EPERM means the process exists but
  // belongs to someone else: alive all the same.
  if (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) return LoaderState::kAlive;
  return LoaderState::kGone;
}

}  // namespace tracedb

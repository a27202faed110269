#include "db/loader_process.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <fstream>
#include <iterator>
#include <string>

namespace tracedb {

std::string ThisHost() {
  char name[HOST_NAME_MAX + 1] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

int64_t ThisPid() { return getpid(); }

bool IsThisProcess(std::string_view host, int64_t pid) {
  return pid == ThisPid() && host == ThisHost();
}

namespace {

// A process that has exited but not been waited for still answers kill().
// A background `tracedb delete` (cli/background_purge.h) is nobody's child
// once its parent exits, and an init that does not reap (a container's
// shell) keeps it so: it is as gone as any. Reads /proc/PID/stat, whose
// third field is the state ("pid (name) S ...", the name in parentheses may
// hold spaces, so after the last ')').
bool IsZombie(int64_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  size_t close = text.rfind(')');
  return close != std::string::npos && text.compare(close, 4, ") Z ") == 0;
}

}  // namespace

LoaderState CheckLoader(std::string_view host, int64_t pid) {
  // kill() treats 0 and negative pids as process groups: never ask about them.
  if (host.empty() || pid <= 0 || pid > INT_MAX) return LoaderState::kUnknown;
  if (host != ThisHost()) return LoaderState::kUnknown;
  // Signal 0 checks existence only. EPERM means the process exists but
  // belongs to someone else: alive all the same.
  if (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return LoaderState::kGone;
  return IsZombie(pid) ? LoaderState::kGone : LoaderState::kAlive;
}

}  // namespace tracedb

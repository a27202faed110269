#include "db/crash_point.h"

#include <signal.h>

#include <cstdlib>
#include <string>

namespace tracedb {

void CrashPoint(const char* name, int64_t pass) {
  // Read at every pass rather than once: nothing to cache, and the batch
  // point is passed a few times per second at most.
  const char* wanted = std::getenv(kCrashAtVariable);
  if (wanted == nullptr) return;
  std::string here = std::string(name) + "@" + std::to_string(pass);
  if (here == wanted || (pass == 1 && std::string(name) == wanted)) raise(SIGKILL);
}

}  // namespace tracedb

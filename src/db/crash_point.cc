#include "db/crash_point.h"

#include <signal.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tracedb {

namespace {

bool Wanted(const char* variable, const char* name, int64_t pass) {
  const char* wanted = std::getenv(variable);
  if (wanted == nullptr) return false;
  std::string here = std::string(name) + "@" + std::to_string(pass);
  return here == wanted || (pass == 1 && std::string(name) == wanted);
}

}  // namespace

// The variables are read at every pass rather than once: nothing to cache,
// and the batch point is passed a few times per second at most.
void CrashPoint(const char* name, int64_t pass) {
  if (Wanted(kCrashAtVariable, name, pass)) raise(SIGKILL);
  if (Wanted(kFailAtVariable, name, pass)) {
    throw std::runtime_error(std::string("injected failure at ") + name);
  }
}

}  // namespace tracedb

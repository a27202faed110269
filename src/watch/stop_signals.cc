#include "watch/stop_signals.h"

#include <pthread.h>

#include <cerrno>
#include <ctime>

namespace tracedb::watch {

StopSignals::StopSignals() {
  sigemptyset(&stop_);
  sigaddset(&stop_, SIGTERM);
  sigaddset(&stop_, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_, &old_mask_);
}

StopSignals::~StopSignals() { pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr); }

int StopSignals::Wait(std::chrono::milliseconds timeout) {
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout);
  timespec wait{
      .tv_sec = static_cast<time_t>(seconds.count()),
      .tv_nsec = static_cast<long>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(timeout - seconds).count())};
  int signal = sigtimedwait(&stop_, nullptr, &wait);
  return signal < 0 ? 0 : signal;  // EAGAIN: none came; EINTR: another signal's handler ran
}

const char* SignalName(int signal) {
  switch (signal) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    default:
      return "a signal";
  }
}

}  // namespace tracedb::watch

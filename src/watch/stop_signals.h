// StopSignals: SIGTERM and SIGINT as requests to stop, taken synchronously.
// The constructor blocks both in the calling thread, and every thread it
// starts afterwards inherits the mask, so a signal stays pending until
// Wait() takes it with sigtimedwait. No handler runs, so nothing has to be
// global or async-signal-safe; the watcher's loop sleeps in Wait().
//
// Construct it before starting any thread; one per process at a time. Wait()
// is called by one thread: the one that made it, or one it started (the
// mask is inherited). The destructor restores the old mask.
#pragma once

#include <signal.h>

#include <chrono>

namespace tracedb::watch {

class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The signal that came within `timeout` (SIGTERM or SIGINT), or 0.
  int Wait(std::chrono::milliseconds timeout);

 private:
  sigset_t stop_;
  sigset_t old_mask_;
};

// "SIGTERM", "SIGINT".
const char* SignalName(int signal);

}  // namespace tracedb::watch

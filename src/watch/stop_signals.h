// StopSignals: SIGTERM and SIGINT as requests to stop, taken synchronously.
// The constructor blocks both in the calling thread, and every thread it
// starts afterwards inherits the mask, so a signal stays pending until
// Wait() takes it (through a signalfd). No handler runs, so nothing has to
// be global or async-signal-safe; the watcher's loop sleeps in Wait().
//
// Construct it before starting any thread; one per process at a time. Wait()
// is called by one thread: the one that made it, or one it started (the
// mask is inherited). Wake() may be called from any thread, but not once
// the destructor has begun. The destructor restores the old mask.
#pragma once

#include <signal.h>

#include <chrono>

namespace tracedb::watch {

class StopSignals {
 public:
  // Wait(kForever) (or any negative timeout) waits until a signal comes or
  // Wake() is called.
  static constexpr std::chrono::milliseconds kForever{-1};

  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The signal that came within `timeout` (SIGTERM or SIGINT), or 0: none
  // came, or Wake() was called.
  int Wait(std::chrono::milliseconds timeout);

  // Makes the Wait() under way, or else the next one, return 0 at once, so
  // that a thread stopping the waiting one need not wait for its timeout
  // (a watcher ticking every 50 ms added 25 ms to every command's exit).
  void Wake();

 private:
  sigset_t stop_;
  sigset_t old_mask_;
  int signal_fd_ = -1;  // reads the pending SIGTERM and SIGINT
  int wake_fd_ = -1;    // an eventfd, written by Wake()
};

// "SIGTERM", "SIGINT".
const char* SignalName(int signal);

}  // namespace tracedb::watch

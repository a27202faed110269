// Interruption: SIGINT (ctrl-C) and SIGTERM as a request to stop, for
// `tracedb ingest` and `export-csv`. The first sets flag(), which the load in
// progress checks after each block: it then removes its trace row and
// scratch files and throws IngestCancelled (pipeline/ingest_file.h), so that
// nothing is left behind when the process exits; an export checks it with
// each piece of a file it writes, and removes the files it began. A second signal ends the process
// at once, as if none were caught (the next command removes what it left).
//
// Construct it before any other thread starts: it blocks both signals in
// the calling thread (watch/stop_signals.h), every thread started later
// inherits that, and its own thread takes them. One per process; the
// destructor stops that thread and restores the signal mask.
#pragma once

#include <atomic>
#include <thread>

#include "watch/stop_signals.h"

namespace tracedb {

class Interruption {
 public:
  Interruption();

  const std::atomic<bool>& flag() const { return interrupted_; }
  // The signal that came first, or 0.
  int signal() const { return signal_.load(); }

 private:
  void Watch(const std::stop_token& stop);

  watch::StopSignals signals_;  // first: blocked before the thread below starts
  std::atomic<bool> interrupted_{false};
  std::atomic<int> signal_{0};
  std::jthread thread_;
};

}  // namespace tracedb

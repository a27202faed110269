// How many parser threads a command starts.
#pragma once

#include <algorithm>
#include <thread>

namespace tracedb {

// The simulator keeps one core busy; parsing gets the others (and at least
// one thread, so that reading and parsing overlap the simulation).
inline int ParseWorkers(int requested) {
  if (requested > 0) return requested;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
}

}  // namespace tracedb

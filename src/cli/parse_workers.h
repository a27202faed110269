// How many parser threads a command starts, from its --threads.
#pragma once

#include <algorithm>
#include <thread>

namespace tracedb {

// --threads N counts the threads that read, parse and simulate the trace:
// the in-order stage (the simulator) is one of them, so N gets N - 1 parser
// workers, and 1 does everything on the calling thread (an honest one-core
// run, for machines shared with other jobs). 0, the default, is one thread
// per core, and at least one worker, so that parsing overlaps the simulation.
// Writers to a database (ingest, watch) have threads of their own besides.
inline int ParseWorkers(int requested) {
  if (requested > 0) return requested - 1;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
}

}  // namespace tracedb

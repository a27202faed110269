// How many parser threads a command starts, from its --threads, and for
// dump how many spell its text.
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

// dump's --threads N: with four threads or more, one of them spells the
// text (output/dump_writer.h) and the simulator's thread only simulates.
// Measured with the 1 GB bench trace: the simulator's thread spent 4.9 of
// its CPU-seconds with the text, 1.85 of them spelling it; parsing takes
// 4.2, over as many workers as there are. One text worker keeps up with one
// simulator, so more would only idle; below four threads the worker would
// take its time from the parsers, which already keep the simulator busy.
struct DumpThreads {
  int parse_workers;
  int format_workers;
};

inline DumpThreads SplitDumpThreads(int requested) {
  int workers = ParseWorkers(requested);
  int format = workers >= 3 ? 1 : 0;  // four threads or more
  return {.parse_workers = workers - format, .format_workers = format};
}

}  // namespace tracedb

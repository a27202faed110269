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
//
// With eight threads or more, two of them take each container's work off
// the simulator's thread (sim/sharded_simulator.h). Measured with callgrind
// on the 10 MB bench trace (README, "Dump on many cores"): that thread runs
// 197 M instructions instead of 231 M, the busier worker 176 M, and four
// parsers keep up (about 80 M each). More workers would idle: the reading
// thread is the bound, and one container (the root) holds every link.
struct DumpThreads {
  int parse_workers;
  int format_workers;
  int simulation_workers;  // Pajé only; a Paraver read parses on them too
};

inline DumpThreads SplitDumpThreads(int requested) {
  int workers = ParseWorkers(requested);
  int format = workers >= 3 ? 1 : 0;      // four threads or more
  int simulation = workers >= 7 ? 2 : 0;  // eight threads or more
  return {.parse_workers = workers - format - simulation,
          .format_workers = format,
          .simulation_workers = simulation};
}

}  // namespace tracedb

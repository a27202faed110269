// SimulatePajeTrace: the front of every Pajé pipeline. Reads the trace
// (parser workers resolving names ahead, sim/name_snapshot.h), replays it
// through a Simulator into `sink`, and ends it (Finish), every error located
// as FILE:LINE. Dump and ingest differ only in the sink they pass.
//
// A bad body line, found by a parser worker or refused by the simulator,
// goes to one BadLines in file order: it fails the read, or with
// OnError::kSkip it is skipped. The simulator changes nothing for an event
// it refuses, so a skipped line leaves no trace in what follows.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "format/paje/paje_reader.h"
#include "input/input_file.h"
#include "model/bad_lines.h"
#include "model/entity.h"
#include "sim/registry.h"
#include "sim/simulator.h"

namespace tracedb {

struct SimulateOptions {
  paje::ReadOptions read;  // its prepare, on_block and bad_lines are taken over
  SimulatorOptions simulator;
  bool pre_resolve = true;
  BadLineOptions bad_lines;  // default: the first bad line fails the read
  std::function<void(uint64_t bytes_done)> on_block;  // after each block, simulator's thread
};

struct SimulateResult {
  paje::ReadStats read;
  SimulatorStats simulator;
  double end_time = 0;
  SkippedLines skipped;  // with OnError::kSkip
};

SimulateResult SimulatePajeTrace(InputFile& file, const SimulateOptions& options,
                                 Registry* registry, EntitySink* sink);

}  // namespace tracedb

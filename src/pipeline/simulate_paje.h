// SimulatePajeTrace: the front of every Pajé pipeline. Reads the trace
// (parser workers resolving names ahead, sim/name_snapshot.h), replays it
// through a Simulator into `sink`, and ends it (Finish), every error located
// as FILE:LINE. Dump and ingest differ only in the sink they pass.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "format/paje/paje_reader.h"
#include "input/input_file.h"
#include "model/entity.h"
#include "sim/registry.h"
#include "sim/simulator.h"

namespace tracedb {

struct SimulateOptions {
  paje::ReadOptions read;  // its prepare and on_block are taken over; see on_block below
  SimulatorOptions simulator;
  bool pre_resolve = true;
  std::function<void(uint64_t bytes_done)> on_block;  // after each block, simulator's thread
};

struct SimulateResult {
  paje::ReadStats read;
  SimulatorStats simulator;
  double end_time = 0;
};

SimulateResult SimulatePajeTrace(InputFile& file, const SimulateOptions& options,
                                 Registry* registry, EntitySink* sink);

}  // namespace tracedb

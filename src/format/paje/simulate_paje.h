// SimulatePajeTrace: the Pajé format's read (paje_format.h). Reads the trace
// (parser workers resolving names ahead, sim/name_snapshot.h), replays it
// through a Simulator into `sink`, and ends it (Finish), every error located
// as FILE:LINE. Dump and ingest differ only in the sink they pass.
//
// A bad body line, found by a parser worker or refused by the simulator,
// goes to one BadLines in file order: it fails the read, or with
// OnError::kSkip it is skipped. The simulator changes nothing for an event
// it refuses, so a skipped line leaves no trace in what follows.
//
// Threading: runs on the calling thread, which also calls the sink and
// the callbacks; the parser threads are its own and joined before it returns.
#pragma once

#include "format/trace_format.h"
#include "input/input_file.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paje {

struct SimulateOptions {
  ReadOptions read;
  bool pre_resolve = true;  // parser workers, if any, resolve names ahead (sim/name_snapshot.h)
};

ReadResult SimulatePajeTrace(InputFile& file, const SimulateOptions& options,
                             const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink);

}  // namespace tracedb::paje

// ReadParaverTrace: one Paraver trace (.prv plain, gzip or stdin, as an open
// InputFile, with its optional .pcf and .row) into a Registry and an
// EntitySink, following paraver-format.md. The stages:
//
//   reader thread -> `parse_workers` threads (record_parser.h, block by
//   block) -> the calling thread (trace_mapper.h, blocks in file order) -> sink
//
// Memory: the blocks in flight, the header's objects, the types and labelled
// values used so far, the numbered values in use lately (a fixed amount,
// trace_mapper.h), and the states still open (END -1) until the end. Errors are
// InputErrors naming the file and line; the first in file order wins. A bad
// record line fails the read, or with OnError::kSkip is skipped
// (model/bad_lines.h); a bad header or companion file always fails it.
#pragma once

#include <cstdint>
#include <string>

#include "format/paraver/companion_files.h"
#include "format/paraver/recent_ids.h"
#include "format/trace_format.h"
#include "input/input_file.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paraver {

// Reads the records from `trace` and the companions files.pcf and files.row
// (files.trace only named the trace to FindCompanions). Of `options` it
// takes the blocks, the workers, simulator.keep_extras (user fields such as
// cpu and lsend on every row), exact_seconds and bad_lines; the callbacks
// are called on the calling thread. Text that is not UTF-8 (the
// header's date, communicator lines, labels and names) is read as Latin-1
// (model/latin1_text.h). `recent_values`: the unlabelled numbers
// remembered (recent_ids.h).
ReadResult ReadParaverTrace(InputFile& trace, const ParaverFiles& files, const ReadOptions& options,
                            const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink,
                            size_t recent_values = kRecentValues);

}  // namespace tracedb::paraver

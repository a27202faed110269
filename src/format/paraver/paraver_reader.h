// ReadParaverTrace: one Paraver trace (.prv plain, gzip or stdin, as an open
// InputFile, with its optional .pcf and .row) into a Registry and an
// EntitySink, following paraver-format.md. The stages:
//
//   reader thread -> `parse_workers` threads (record_parser.h, block by
//   block) -> the calling thread (trace_mapper.h, blocks in file order) -> sink
//
// Memory: the blocks in flight, the header's objects, the types and labelled
// values used so far, the counter values in use lately (a fixed amount,
// trace_mapper.h), and the states still open (END -1) until the end. Errors are
// InputErrors naming the file and line; the first in file order wins. A bad
// record line fails the read, or with OnError::kSkip is skipped
// (model/bad_lines.h); a bad header or companion file always fails it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "format/paraver/companion_files.h"
#include "format/paraver/recent_ids.h"
#include "input/block_reader.h"
#include "input/input_file.h"
#include "model/bad_lines.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb::paraver {

struct ReadOptions {
  BlockReaderOptions blocks;
  int parse_workers = 0;                 // 0: parse on the calling thread
  bool keep_extras = true;               // user fields (cpu, lsend...) on every row
  bool exact_seconds = false;            // refuse times that seconds cannot store exactly
  size_t recent_values = kRecentValues;  // unlabelled numbers remembered (recent_ids.h)
  // Called on the calling thread after each block, with the (uncompressed)
  // bytes whose rows were all emitted.
  std::function<void(uint64_t bytes_done)> on_block;
  BadLineOptions bad_lines;  // default: the first bad line fails the read
};

struct ReadResult {
  uint64_t bytes = 0;  // uncompressed
  uint64_t lines = 0;
  uint64_t records = 0;
  double end_time = 0;   // seconds: the end of every container
  std::string metadata;  // header facts, a JSON object (header_metadata.h)
  SkippedLines skipped;  // with OnError::kSkip
};

// Reads the records from `trace` and the companions files.pcf and files.row
// (files.trace only named the trace to FindCompanions).
ReadResult ReadParaverTrace(InputFile& trace, const ParaverFiles& files, const ReadOptions& options,
                            Registry* registry, EntitySink* sink);

}  // namespace tracedb::paraver

// ReadPajeTrace: reads a whole Pajé trace (an open InputFile: plain, gzip or
// stdin) and hands its events, in file order, to a consumer on the calling
// thread; blocks are parsed on `parse_workers` threads meanwhile. Errors
// become InputErrors naming the file and line.
#pragma once

#include <functional>
#include <string>

#include "format/paje/event_sequencer.h"
#include "input/block_reader.h"
#include "input/input_file.h"
#include "model/input_error.h"

namespace tracedb::paje {

struct ReadOptions {
  BlockReaderOptions blocks;
  int parse_workers = 0;  // 0: parse on the calling thread
  // Called on the consumer's thread after each block, with the bytes
  // (uncompressed) whose events have all been consumed.
  std::function<void(uint64_t bytes_done)> on_block;
  // Called on the parser worker with each parsed batch, before it is handed
  // on (e.g. to resolve names ahead of the simulator).
  std::function<void(EventBatch& batch)> prepare;
  // Where bad body lines go (fail or skip); nullptr: the first one fails the
  // read. Used on the consumer's thread.
  BadLines* bad_lines = nullptr;
};

struct ReadStats {
  uint64_t bytes = 0;  // uncompressed bytes read
  uint64_t lines = 0;
};

ReadStats ReadPajeTrace(InputFile& file, const EventConsumer& consume,
                        const ReadOptions& options = {});

// Adds the file name to a ProblemError.
[[noreturn]] void RethrowWithFile(const std::string& path, const ProblemError& problem);

}  // namespace tracedb::paje

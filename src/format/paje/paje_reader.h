// ReadPajeTrace: reads a whole Pajé trace (an open InputFile: plain, gzip or
// stdin) and hands its events, in file order, to a consumer on the calling
// thread; blocks are parsed on `options.parse_workers` threads meanwhile
// (concurrency/parallel_parse.h). Errors become InputErrors naming the file
// and line. Of the ReadOptions it takes the blocks, the workers and, unless
// `hooks` brings its own BadLines, bad_lines; the callbacks are called on the
// consumer's thread (on_skip only by a BadLines of the read's own).
#pragma once

#include <functional>
#include <string>

#include "format/paje/event_sequencer.h"
#include "format/trace_format.h"
#include "input/input_file.h"
#include "model/input_error.h"

namespace tracedb::paje {

// What a caller adds to the plain read.
struct ReadHooks {
  // Called on the parser worker with each parsed batch, before it is handed
  // on (e.g. to resolve names ahead of the simulator). Must be thread-safe.
  std::function<void(EventBatch& batch)> prepare;
  // Where bad body lines go, shared with a later stage (the simulator);
  // nullptr: a BadLines of the read's own, from options.bad_lines. Used on
  // the consumer's thread.
  BadLines* bad_lines = nullptr;
  // Called on the consumer's thread with two events a little ahead of the
  // one consumed (event_sequencer.h), so that the consumer may ask for the
  // memory it will need: a hint, which must change nothing.
  EventLookahead lookahead;
};

struct ReadStats {
  uint64_t bytes = 0;  // uncompressed bytes read
  uint64_t lines = 0;
};

ReadStats ReadPajeTrace(InputFile& file, const EventConsumer& consume,
                        const ReadOptions& options = {}, const ReadCallbacks& callbacks = {},
                        const ReadHooks& hooks = {});

// Adds the file name to a ProblemError.
[[noreturn]] void RethrowWithFile(const std::string& path, const ProblemError& problem);

}  // namespace tracedb::paje

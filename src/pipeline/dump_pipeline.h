// DumpTrace: a trace file -> its format's reader -> pj_dump lines on `out`
// (output/dump_writer.h), whichever the format. Parsing runs on worker
// threads; simulation on the calling thread; the text is spelled there or,
// with format workers, on threads of their own. Streaming: memory
// holds the blocks in flight and open entities. Throws InputError
// (FILE:LINE) on bad input, unless bad lines are skipped (model/bad_lines.h).
//
// Threading: one call per thread; it starts and joins its own workers.
#pragma once

#include <cstdio>
#include <vector>

#include "format/trace_format.h"
#include "input/input_file.h"

namespace tracedb {

struct DumpPipelineOptions {
  bool user_fields = false;  // append user-defined fields (pj_dump -u); sets
                             // read.simulator.keep_extras
  ReadOptions read;          // workers, -z, bad lines
  int format_workers = 0;    // threads that spell the text (output/dump_writer.h); 0: the
                             // simulator's thread does
};

ReadResult DumpTrace(InputFile& input, const TraceFormat& format,
                     const std::vector<Companion>& companions, const DumpPipelineOptions& options,
                     const ReadCallbacks& callbacks, std::FILE* out);

}  // namespace tracedb

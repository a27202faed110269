#include "pipeline/dump_pipeline.h"

#include "output/dump_writer.h"

namespace tracedb {

ReadResult DumpTrace(InputFile& input, const TraceFormat& format,
                     const std::vector<Companion>& companions, const DumpPipelineOptions& options,
                     const ReadCallbacks& callbacks, std::FILE* out) {
  Registry registry;
  // A reader of one thread leaves the other cores to the text: one worker
  // keeps up with it (output/dump_writer.h).
  int format_workers = options.format_workers;
  if (!format.parses_in_parallel && options.read.parse_workers > 0) format_workers = 1;
  DumpWriter writer(
      registry, out,
      DumpOptions{.user_fields = options.user_fields, .format_workers = format_workers});
  ReadOptions read = options.read;
  read.simulator.keep_extras = options.user_fields;
  ReadResult result;
  try {
    result = format.read(input, companions, read, callbacks, &registry, &writer);
  } catch (...) {
    writer.Flush();  // what came before the error, and the output's own error first
    throw;
  }
  writer.Flush();
  return result;
}

}  // namespace tracedb

#include "pipeline/dump_pipeline.h"

#include "format/paje/paje_reader.h"
#include "output/dump_writer.h"

namespace tracedb {

DumpStats DumpTrace(const std::string& path, const DumpPipelineOptions& options, std::FILE* out) {
  Registry registry;
  DumpWriter writer(registry, out, DumpOptions{.user_fields = options.user_fields});
  Simulator simulator({.ignore_incomplete_links = options.ignore_incomplete_links,
                       .keep_extras = options.user_fields},
                      &registry, &writer);
  auto read = paje::ReadPajeTrace(path, [&](const Event& e) { simulator.Apply(e); },
                                   options.read);
  try {
    simulator.Finish();
  } catch (const ProblemError& problem) {
    paje::RethrowWithFile(path, problem);
  }
  writer.Flush();
  return DumpStats{read.bytes, read.lines, simulator.stats()};
}

}  // namespace tracedb

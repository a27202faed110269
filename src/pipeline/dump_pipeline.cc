#include "pipeline/dump_pipeline.h"

#include "format/paje/paje_reader.h"
#include "output/dump_writer.h"
#include "sim/name_snapshot.h"

namespace tracedb {

DumpStats DumpTrace(const std::string& path, const DumpPipelineOptions& options, std::FILE* out) {
  Registry registry;
  DumpWriter writer(registry, out, DumpOptions{.user_fields = options.user_fields});
  Simulator simulator({.ignore_incomplete_links = options.ignore_incomplete_links,
                       .keep_extras = options.user_fields},
                      &registry, &writer);
  NameResolver resolver;
  paje::ReadOptions read = options.read;
  if (options.pre_resolve) {
    read.prepare = [&](EventBatch& batch) { resolver.Resolve(batch); };
    read.on_block = [&](uint64_t) { resolver.Publish(registry); };
  }
  auto stats = paje::ReadPajeTrace(path, [&](const Event& e) { simulator.Apply(e); }, read);
  try {
    simulator.Finish();
  } catch (const ProblemError& problem) {
    paje::RethrowWithFile(path, problem);
  }
  writer.Flush();
  return DumpStats{stats.bytes, stats.lines, simulator.stats()};
}

}  // namespace tracedb

#include "pipeline/simulate_paje.h"

#include "sim/name_snapshot.h"

namespace tracedb {

SimulateResult SimulatePajeTrace(InputFile& file, const SimulateOptions& options,
                                 Registry* registry, EntitySink* sink) {
  Simulator simulator(options.simulator, registry, sink);
  NameResolver resolver;
  paje::ReadOptions read = options.read;
  if (options.pre_resolve) read.prepare = [&](EventBatch& batch) { resolver.Resolve(batch); };
  read.on_block = [&](uint64_t bytes) {
    if (options.pre_resolve) resolver.Publish(*registry);
    if (options.on_block) options.on_block(bytes);
  };
  BadLines bad_lines(file.path(), options.bad_lines);
  read.bad_lines = &bad_lines;
  auto apply = [&](const Event& e) {
    try {
      simulator.Apply(e);
    } catch (const TraceProblemError&) {
      throw;
    } catch (const ProblemError& problem) {
      bad_lines.Report(problem.line(), problem.problem());
    }
  };
  auto stats = paje::ReadPajeTrace(file, apply, read);
  try {
    simulator.Finish();
  } catch (const ProblemError& problem) {
    paje::RethrowWithFile(file.path(), problem);
  }
  return SimulateResult{stats, simulator.stats(), simulator.end_time(), bad_lines.skipped()};
}

}  // namespace tracedb

#include "format/paje/simulate_paje.h"

#include "format/paje/paje_reader.h"
#include "sim/name_snapshot.h"
#include "sim/simulator.h"

namespace tracedb::paje {

ReadResult SimulatePajeTrace(InputFile& file, const SimulateOptions& options,
                             const ReadCallbacks& callbacks, Registry* registry, EntitySink* sink) {
  Simulator simulator(options.read.simulator, registry, sink);
  NameResolver resolver;
  const ReadOptions& read = options.read;
  ReadCallbacks read_callbacks = callbacks;
  ReadHooks hooks;
  // Without workers the lookups would run on this thread all the same, plus
  // the snapshots' copies (--threads 1, 1 GB trace: 6.6 s, 6.9 s with them).
  bool pre_resolve = options.pre_resolve && read.parse_workers > 0;
  if (pre_resolve) {
    hooks.prepare = [&](EventBatch& batch) { resolver.Resolve(batch); };
    hooks.lookahead = [&](const Event& far, const Event& near) {
      return simulator.Prefetch(far, near);
    };
  }
  read_callbacks.on_block = [&](uint64_t bytes) {
    if (pre_resolve) resolver.Publish(*registry);
    if (callbacks.on_block) callbacks.on_block(bytes);
  };
  BadLines bad_lines(file.path(), options.read.bad_lines, callbacks.on_skip);
  hooks.bad_lines = &bad_lines;
  auto apply = [&](const Event& e) {
    try {
      simulator.Apply(e);
    } catch (const TraceProblemError&) {
      throw;
    } catch (const ProblemError& problem) {
      bad_lines.Report(problem.line(), problem.problem());
    }
  };
  ReadStats stats = ReadPajeTrace(file, apply, read, read_callbacks, hooks);
  try {
    simulator.Finish();
  } catch (const ProblemError& problem) {
    RethrowWithFile(file.path(), problem);
  }
  return ReadResult{.bytes = stats.bytes,
                    .lines = stats.lines,
                    .records = simulator.stats().events,
                    .start_time = simulator.first_time().value_or(registry->container(kRoot).start),
                    .end_time = simulator.end_time(),
                    .simulator = simulator.stats(),
                    .skipped = bad_lines.skipped()};
}

}  // namespace tracedb::paje

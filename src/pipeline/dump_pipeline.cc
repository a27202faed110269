#include "pipeline/dump_pipeline.h"

#include "output/dump_writer.h"
#include "pipeline/simulate_paje.h"

namespace tracedb {

DumpStats DumpTrace(InputFile& input, const DumpPipelineOptions& options, std::FILE* out) {
  Registry registry;
  DumpWriter writer(registry, out, DumpOptions{.user_fields = options.user_fields});
  SimulateResult run = SimulatePajeTrace(
      input,
      {.read = options.read,
       .simulator = {.ignore_incomplete_links = options.ignore_incomplete_links,
                     .keep_extras = options.user_fields},
       .pre_resolve = options.pre_resolve,
       .bad_lines = options.bad_lines},
      &registry, &writer);
  writer.Flush();
  return DumpStats{run.read.bytes, run.read.lines, run.simulator, std::move(run.skipped)};
}

}  // namespace tracedb

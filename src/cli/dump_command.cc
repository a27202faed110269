#include <spdlog/spdlog.h>

#include <cstdio>

#include "cli/commands.h"
#include "pipeline/dump_pipeline.h"

namespace tracedb {

int RunDump(const DumpArgs& args) {
  DumpStats stats = DumpTrace(args.file,
                              {.user_fields = args.user_fields,
                               .ignore_incomplete_links = args.ignore_incomplete_links},
                              stdout);
  const SimulatorStats& s = stats.simulator;
  if (s.ignored_events > 0) {
    spdlog::warn("{}: {} event(s) aimed at destroyed containers were ignored", args.file,
                 s.ignored_events);
  }
  if (s.dropped_links > 0) {
    spdlog::info("{}: {} incomplete link(s) dropped", args.file, s.dropped_links);
  }
  spdlog::info("{}: {} bytes, {} lines, {} events", args.file, stats.bytes, stats.lines, s.events);
  return 0;
}

}  // namespace tracedb

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "pipeline/dump_pipeline.h"

namespace tracedb {

namespace {

// The simulator keeps one core busy; parsing gets the others (and at least
// one thread, so that reading and parsing overlap the simulation).
int ParseWorkers(int requested) {
  if (requested > 0) return requested;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
}

}  // namespace

int RunDump(const DumpArgs& args) {
  DumpPipelineOptions options{.user_fields = args.user_fields,
                              .ignore_incomplete_links = args.ignore_incomplete_links};
  options.read.parse_workers = ParseWorkers(args.threads);
  DumpStats stats = DumpTrace(args.file, options, stdout);
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

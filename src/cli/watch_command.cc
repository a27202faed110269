// tracedb watch: the options as watch/folder_watcher.h takes them, with
// skipped lines and the reads' warnings logged, and every log line stamped with the UTC time, as
// the watcher's own lines are.
#include <spdlog/spdlog.h>

#include "cli/commands.h"
#include "cli/skip_log.h"
#include "watch/folder_watcher.h"

namespace tracedb {

int RunWatch(const watch::WatchOptions& args) {
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%SZ tracedb: %l: %v", spdlog::pattern_time_type::utc);
  watch::WatchOptions options = args;
  BadLineOptions& bad_lines = options.ingest.pipeline.read.bad_lines;
  bad_lines = WithSkipLog(bad_lines);
  options.ingest.pipeline.read.on_warning = WarningLog();
  return watch::WatchFolder(options);
}

}  // namespace tracedb

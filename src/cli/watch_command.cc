// tracedb watch: the options as watch/folder_watcher.h takes them, with
// skipped lines logged.
#include "cli/commands.h"
#include "cli/skip_log.h"
#include "watch/folder_watcher.h"

namespace tracedb {

int RunWatch(const watch::WatchOptions& args) {
  watch::WatchOptions options = args;
  BadLineOptions& bad_lines = options.ingest.pipeline.read.bad_lines;
  bad_lines = WithSkipLog(bad_lines);
  return watch::WatchFolder(options);
}

}  // namespace tracedb

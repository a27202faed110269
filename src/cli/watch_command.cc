// tracedb watch: the options as watch/folder_watcher.h takes them.
#include "cli/commands.h"
#include "cli/skip_log.h"
#include "watch/folder_watcher.h"

namespace tracedb {

int RunWatch(const WatchArgs& args) {
  watch::WatchOptions options{.dir = args.dir,
                              .db = args.db,
                              .jobs = args.jobs,
                              .stable_seconds = args.stable_seconds,
                              .grace_seconds = args.grace_seconds,
                              .once = args.once,
                              .comment = args.comment,
                              .ingest = {.batch_rows = args.batch_rows,
                                         .threads = args.threads,
                                         .ignore_incomplete_links = args.ignore_incomplete_links,
                                         .bad_lines = WithSkipLog(args.bad_lines)}};
  return watch::WatchFolder(options);
}

}  // namespace tracedb

// tracedb watch: the options as watch/folder_watcher.h takes them, with
// skipped lines and the reads' warnings logged, and every log line stamped
// with the UTC time, as the watcher's own lines are.
#include <spdlog/spdlog.h>

#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/skip_log.h"
#include "watch/folder_watcher.h"

namespace tracedb {
namespace watch_command {
namespace {

// Loads at once, each with its own connection(s) and parser threads.
constexpr int64_t kMaxJobs = 64;

constexpr Option kOptions[] = {
    {"jobs", "N", "files loaded at once", "1"},
    {"stable-seconds", "S", "take files unchanged this long", "2"},
    {"companion-seconds", "S", "wait for missing companions", "10"},
    {"takeover-seconds", "S", "free a silent watcher's files", "60"},
    {"grace-seconds", "S", "after SIGTERM, for loads", "10"},
    {"once", nullptr, "load what is there, exit (1: some failed)"},
    {"threads", "N", "threads per load; 0: one per core", "0"},
};

constexpr OptionGroup kGroups[] = {
    kDatabaseGroup, {kOptions}, kLabelGroup, kIncompleteLinkGroup, kBatchGroup, kProfileBinsGroup, kOnErrorGroup,
};

constexpr UsageForm kUsage[] = {{.operands = "DIR"}};

constexpr const char* kDescription =
    "Load each trace file that appears in DIR once unchanged for --stable-seconds,\n"
    "as ingest would, and move it to DIR/done/ (or DIR/failed/, with NAME.log).\n"
    "Names starting with '.' or ending in .part or .tmp are left alone. NAME.pcf\n"
    "and NAME.row move with NAME.prv, which waits --companion-seconds for them\n"
    "(alone, to failed/). Watchers may share DIR (docs/watch.md).\n";

constexpr const char* kExamples =
    "# The service: every trace written to /spool, four at a time\n"
    "tracedb watch --db postgresql://ingest@db1/traces --jobs 4 /spool\n";

watch::WatchOptions Parsed(const Arguments& arguments) {
  return watch::WatchOptions{.dir = OneOperand(arguments, "DIR"),
                             .db = DatabaseArgument(arguments),
                             .jobs = static_cast<int>(Number(arguments, "jobs", 1, kMaxJobs)),
                             .stable_seconds = Seconds(arguments, "stable-seconds"),
                             .companion_seconds = Seconds(arguments, "companion-seconds"),
                             .takeover_seconds = Seconds(arguments, "takeover-seconds"),
                             .grace_seconds = Seconds(arguments, "grace-seconds"),
                             .once = Flag(arguments, "once"),
                             .labels = LabelArguments(arguments),
                             .ingest = IngestArguments(arguments)};
}

int Run(const Arguments& arguments) {
  watch::WatchOptions options = Parsed(arguments);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%SZ tracedb: %l: %v", spdlog::pattern_time_type::utc);
  return watch::WatchFolder(options, LoggingCallbacks());
}

}  // namespace
}  // namespace watch_command

const Command kWatchCommand{
    .name = "watch",
    .summary = "load every trace file that appears in a folder, until stopped",
    .usage = watch_command::kUsage,
    .options = watch_command::kGroups,
    .description = watch_command::kDescription,
    .examples = watch_command::kExamples,
    .run = watch_command::Run,
};

}  // namespace tracedb

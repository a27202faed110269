// The options several commands take, declared once with the note their
// help pages show once (command.h), and the readings of them the commands
// share: --db, the format of trace files, how bad lines are met, labels,
// loads, time windows, output formats.
//
// Constant data and plain functions; one thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/arguments.h"
#include "analysis/flat_profile.h"
#include "cli/command.h"
#include "pipeline/ingest_file.h"

namespace tracedb {

// Every command's, which help lists apart.
inline constexpr Option kCommonOptions[] = {
    {"h,help", nullptr, "print this help"},
    {"log-level", "LEVEL", "off, error, warn, info or debug", "warn"},
};
inline constexpr OptionGroup kCommonGroups[] = {{kCommonOptions}};

inline constexpr Option kDatabaseOptions[] = {
    {"db", "DB", "the database (see DB above)"},
};
inline constexpr OptionGroup kDatabaseGroup{
    kDatabaseOptions,
    "DB: a SQLite file or postgresql://USER@HOST/NAME (password from ~/.pgpass\n"
    "or PGPASSWORD); default $TRACEDB_DB, else tracedb.sqlite here.\n"};

// The formats' names are pipeline/formats.h's (a test checks them).
inline constexpr Option kFormatOptions[] = {
    {"format", "F", "auto, paje, paraver or otf2", "auto"},
    {"pcf", "FILE", "Paraver labels (default: NAME.pcf)"},
    {"row", "FILE", "Paraver names (default: NAME.row)"},
};
inline constexpr OptionGroup kFormatGroup{kFormatOptions};

inline constexpr Option kOnErrorOptions[] = {
    {"on-error", "fail|skip", "a bad line: fail or skip", "fail"},
    {"max-errors", "N", "with skip: fail past N skipped lines"},
};
inline constexpr OptionGroup kOnErrorGroup{
    kOnErrorOptions,
    "A bad line fails the file (FILE:LINE: problem); --on-error skip logs it\n"
    "and reads on as if it were not there (docs/usage.md, 'Traces from buggy\n"
    "tracers').\n"};

inline constexpr Option kIncompleteLinkOptions[] = {
    {"z,ignore-incomplete-links", nullptr, "drop links that never completed"},
};
inline constexpr OptionGroup kIncompleteLinkGroup{kIncompleteLinkOptions};

inline constexpr Option kLabelOptions[] = {
    {"tag", "KEY=VALUE", "a tag stored with each trace", nullptr, true},
    {"tags-from-name", "PATTERN", "tags from the file name: '{KEY}_*'"},
    {"comment", "TEXT", "a note stored with each trace"},
    {"time-unit", "s|ms|us|ns", "the unit of Pajé traces' times", "s"},
};
inline constexpr OptionGroup kLabelGroup{kLabelOptions};

// How ingest and watch load each file, and summarize makes summaries. The
// fallbacks are the pipeline's defaults (kDefaultBatchRows,
// kDefaultProfileBins: a test checks them).
inline constexpr Option kBatchOptions[] = {
    {"batch-size", "N", "rows per batch", "75000"},
};
inline constexpr OptionGroup kBatchGroup{kBatchOptions};
inline constexpr Option kProfileBinsOptions[] = {
    {"profile-bins", "N", "time bins of state_profile", "1000"},
};
inline constexpr OptionGroup kProfileBinsGroup{kProfileBinsOptions};

inline constexpr Option kWindowOptions[] = {
    {"from", "T0", "window start (default: the trace's)"},
    {"to", "T1", "window end (default: the trace's)"},
};
inline constexpr OptionGroup kWindowGroup{kWindowOptions};

inline constexpr Option kTypeOptions[] = {
    {"type", "NAME", "only the state type(s) of this name"},
};
inline constexpr OptionGroup kTypeGroup{kTypeOptions};

inline constexpr Option kTableFormatOptions[] = {
    {"csv", nullptr, "print CSV"},
    {"json", nullptr, "print a JSON array of objects", nullptr, false, true},
};
inline constexpr OptionGroup kTableFormatGroup{kTableFormatOptions};

// Said once on the page of every command whose operands name a TRACE.
inline constexpr const char* kTraceNote =
    "TRACE: an id or a name, as tracedb list shows them ('id:N' or 'name:TEXT'\n"
    "to say which).\n";

// Threads that read, parse and simulate (cli/parse_workers.h). More parser
// threads only add blocks in flight (two each, 1 MB apiece): the simulator,
// on one thread, is what bounds the speed.
inline constexpr int64_t kMaxThreads = 64;

enum class QueryFormat { kText, kCsv, kJson };

// --from and --to as given; the trace's span fills in the one left out.
struct WindowArgs {
  std::optional<double> from;
  std::optional<double> to;
};

// --db, else $TRACEDB_DB, else tracedb.sqlite in the current folder.
std::string DatabaseArgument(const Arguments& args);
FormatArgs FormatArguments(const Arguments& args);
BadLineOptions OnErrorArguments(const Arguments& args);
// --comment, --tag, --tags-from-name (--name is ingest's own).
TraceLabels LabelArguments(const Arguments& args);
// --threads, -z, --on-error and --max-errors: how dump, ingest and watch read.
ReadOptions ReadArguments(const Arguments& args);
// The read options, --batch-size and --profile-bins, as ingest and watch
// load each file.
IngestFileOptions IngestArguments(const Arguments& args);
uint32_t ProfileBinsArgument(const Arguments& args);
WindowArgs WindowArguments(const Arguments& args);
// --csv or --json, else a text table.
QueryFormat OutputFormat(const Arguments& args);
// --by value or container, of profile and compare.
ProfileBy ByArgument(const Arguments& args);

}  // namespace tracedb

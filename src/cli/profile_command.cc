// tracedb profile: time per state value, over all containers or per
// container, from the summaries or clipped to a time window
// (analysis/flat_profile.h).
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include "analysis/analysed_trace.h"
#include "analysis/flat_profile.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/table_output.h"
#include "cli/trace_window.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace profile_command {
namespace {

constexpr Option kOptions[] = {
    {"by", "value|container", "over all containers, or per container", "value"},
    {"counter", "NAME", "a counter per row (A/B: a ratio)", nullptr, true},
};

constexpr OptionGroup kGroups[] = {
    kDatabaseGroup, {kOptions}, kTypeGroup, kWindowGroup, kTableFormatGroup,
};

constexpr UsageForm kUsage[] = {{.operands = "TRACE"}};

constexpr const char* kDescription =
    "Time per state value of a complete trace, largest inclusive time first,\n"
    "over all containers (--by value, the default) or per container (--by\n"
    "container, by path, and by alias, 'node/rank [r0]', where containers\n"
    "share a path). Columns: [container_path,] type, value, count,\n"
    "inclusive_seconds, exclusive_seconds (minus the states pushed directly\n"
    "on them) and share: exclusive time over the container's lifetime, or\n"
    "over the summed lifetimes of the containers that have states of the\n"
    "type (a percentage in the text table), so that one type's shares add\n"
    "up to at most 100%; times in the trace's unit.\n"
    "\n"
    "Without a window, the summaries of the load answer. --from and/or --to\n"
    "(the other end: the trace's) clip every state and lifetime exactly to\n"
    "[T0, T1]; a state counts where it overlaps the window. --counter NAME\n"
    "adds what the counter NAME (or 'NAME [label]') counted within each\n"
    "row's states, and NAME_per_second; --counter A/B, the ratio of two.\n";

constexpr const char* kExamples =
    "# Where did the time go in trace 3, MPI states only?\n"
    "tracedb profile --type 'MPI state' 3\n"
    "# Per container, between 10 s and 12 s, as CSV\n"
    "tracedb profile --by container --from 10 --to 12 --csv 3 > window.csv\n"
    "# Instructions per cycle in each state value\n"
    "tracedb profile --counter PAPI_TOT_INS/PAPI_TOT_CYC 3\n";

struct ProfileArgs {
  std::string db;
  std::string trace;
  ProfileOptions profile;  // --by, --type, --counter (the window: from `window`)
  WindowArgs window;
  QueryFormat format = QueryFormat::kText;
};

// The share column: the first of that name (a counter may be named so too).
size_t ShareColumn(const RowSource& rows) {
  auto share = std::find(rows.columns.begin(), rows.columns.end(), "share");
  return static_cast<size_t>(share - rows.columns.begin());
}

// A terminal reads shares best as percentages.
RowSource SharesAsPercent(RowSource rows) {
  size_t share = ShareColumn(rows);
  rows.row = [share, row = std::move(rows.row)](size_t i) {
    std::vector<Cell> cells = row(i);
    if (cells[share].kind == CellKind::kReal) {
      char text[32];
      std::snprintf(text, sizeof text, "%.1f%%", std::stod(cells[share].text) * 100);
      cells[share] = TextCell(text);
    }
    return cells;
  };
  return rows;
}

int Profile(const ProfileArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  RequireStates(*archive->catalog, trace);
  ProfileOptions options = args.profile;
  if (args.window.from || args.window.to)
    options.window = ChosenWindow(*archive, trace, args.window);
  RowSource rows = FlatProfileRows(*archive->reader, trace, options);
  if (args.format != QueryFormat::kText) {
    PrintRows(rows, args.format);
    return 0;
  }
  TextTableOptions text;
  text.align.assign(rows.columns.size(), Align::kAuto);
  text.align[ShareColumn(rows)] = Align::kRight;
  PrintRows(SharesAsPercent(std::move(rows)), args.format, text);
  return 0;
}

CounterRequest CounterArguments(const Arguments& arguments) {
  try {
    return ParseCounterRequest(Texts(arguments, "counter"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

int Run(const Arguments& arguments) {
  ProfileArgs args{.db = DatabaseArgument(arguments),
                   .trace = OneOperand(arguments, "TRACE"),
                   .window = WindowArguments(arguments),
                   .format = OutputFormat(arguments)};
  args.profile.by = ByArgument(arguments);
  args.profile.type = Text(arguments, "type");
  args.profile.counters = CounterArguments(arguments);
  return Profile(args);
}

}  // namespace
}  // namespace profile_command

const Command kProfileCommand{
    .name = "profile",
    .summary = "time per state value: count, inclusive and exclusive time",
    .usage = profile_command::kUsage,
    .options = profile_command::kGroups,
    .description = profile_command::kDescription,
    .examples = profile_command::kExamples,
    .run = profile_command::Run,
};

}  // namespace tracedb

// tracedb profile: time per state value, over all containers or per
// container, from the summaries or clipped to a time window
// (analysis/flat_profile.h).
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include "analysis/analysed_trace.h"
#include "analysis/call_path_tree.h"
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
    {"tree", nullptr, "the call-path profile, as a tree"},
};

constexpr OptionGroup kGroups[] = {
    kDatabaseGroup, {kOptions}, kTypeGroup, kWindowGroup, kTableFormatGroup,
};

constexpr UsageForm kUsage[] = {{.operands = "TRACE"}};

constexpr const char* kDescription =
    "Time per state value of a complete trace, largest inclusive time first,\n"
    "over all containers (--by value) or per container (--by container).\n"
    "Columns: [container_path,] type, value, count, inclusive_seconds,\n"
    "exclusive_seconds (without the states pushed on them) and share:\n"
    "exclusive time over the lifetimes, so one type's shares add up to at\n"
    "most 100%. Without --from/--to the summaries answer; with them every\n"
    "state is clipped exactly to [T0, T1]. --counter NAME adds what a\n"
    "counter counted within each row's states, and NAME_per_second;\n"
    "--counter A/B, the ratio of two. --tree prints the call-path profile\n"
    "instead: each path of nested values, merged over the containers, as a\n"
    "tree (in CSV and JSON, the values joined by ';'). docs/usage.md has\n"
    "the details.\n";

constexpr const char* kExamples =
    "# Where did the time go in trace 3, MPI states only?\n"
    "tracedb profile --type 'MPI state' 3\n"
    "# Per container, between 10 s and 12 s, as CSV\n"
    "tracedb profile --by container --from 10 --to 12 --csv 3 > window.csv\n"
    "# Instructions per cycle in each state value\n"
    "tracedb profile --counter PAPI_TOT_INS/PAPI_TOT_CYC 3\n"
    "# Which functions called MPI_Recv, and how long it took under each\n"
    "tracedb profile --tree 3\n";

struct ProfileArgs {
  std::string db;
  std::string trace;
  ProfileOptions profile;  // --by, --type, --counter (the window: from `window`)
  bool tree = false;       // --tree
  WindowArgs window;
  QueryFormat format = QueryFormat::kText;
};

// The share column: the first of that name (a counter may be named so too),
// else the tree's inclusive_share.
size_t ShareColumn(const RowSource& rows) {
  auto share = std::find(rows.columns.begin(), rows.columns.end(), "share");
  if (share == rows.columns.end()) {
    share = std::find(rows.columns.begin(), rows.columns.end(), "inclusive_share");
  }
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

// --tree: the call paths of the summaries, which a trace loaded before
// them lacks.
int Tree(Archive& archive, const TraceRecord& trace, const ProfileArgs& args) {
  CallPathTree tree = ReadCallPathTree(*archive.reader, trace, args.profile);
  if (tree.nodes.empty()) {
    throw std::runtime_error(TraceLabel(trace) +
                             " has no call-path profile: it was loaded before tracedb kept "
                             "them; `tracedb summarize --force " +
                             std::to_string(trace.id) + "` computes it");
  }
  bool text = args.format == QueryFormat::kText;
  RowSource rows = CallPathRows(std::move(tree), args.profile.by == ProfileBy::kContainer, text);
  if (!text) {
    PrintRows(rows, args.format);
    return 0;
  }
  TextTableOptions options;
  options.align.assign(rows.columns.size(), Align::kAuto);
  options.align[rows.columns.size() - 1] = Align::kRight;
  options.align[rows.columns.size() - 5] = Align::kLeft;  // call_path: keep the indents
  PrintRows(SharesAsPercent(std::move(rows)), args.format, options);
  return 0;
}

int Profile(const ProfileArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive->catalog, args.trace);
  RequireStates(*archive->catalog, trace);
  if (args.tree) return Tree(*archive, trace, args);
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
  args.tree = Flag(arguments, "tree");
  if (args.tree && (args.window.from || args.window.to || !args.profile.counters.empty())) {
    throw UsageError("--tree answers from the summaries: no --from, --to or --counter with it");
  }
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

// tracedb compare: two traces' time per state value side by side, largest
// difference first (analysis/profile_comparison.h).
#include <cstdio>
#include <string>
#include <utility>

#include "analysis/analysed_trace.h"
#include "analysis/profile_comparison.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/table_output.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace compare_command {
namespace {

constexpr Option kOptions[] = {
    {"by", "value|container", "over all containers, or per container (by path)", "value"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}, kTypeGroup, kTableFormatGroup};

constexpr UsageForm kUsage[] = {{.operands = "TRACE_A TRACE_B"}};

constexpr const char* kDescription =
    "Two complete traces' (A and B) time per state type and value, from their\n"
    "summaries, matched by name (and by container path with --by container;\n"
    "a row only one trace has is empty on the other side): inclusive and\n"
    "exclusive seconds in A and in B, difference (B's exclusive time minus\n"
    "A's) and ratio (B's over A's), largest difference first. Exclusive time\n"
    "is what moved; inclusive time also holds what is nested in the state.\n"
    "--type NAME compares one state type, which both traces must have.\n";

constexpr const char* kExamples =
    "# Before and after an optimisation\n"
    "tracedb compare run-before.prv run-after.prv\n"
    "# Which ranks changed most\n"
    "tracedb compare --by container --csv 3 4 > ranks.csv\n";

struct CompareArgs {
  std::string db;
  std::string a;  // the two traces, ids or names
  std::string b;
  CompareOptions compare;  // --by, --type
  QueryFormat format = QueryFormat::kText;
};


int Compare(const CompareArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord a = FindAnalysable(*archive->catalog, args.a);
  TraceRecord b = FindAnalysable(*archive->catalog, args.b);
  RequireStates(*archive->catalog, a);
  RequireStates(*archive->catalog, b);
  RowSource rows = CompareProfileRows(*archive->reader, a, b, args.compare);
  if (args.format == QueryFormat::kText) {
    std::string names = "a: " + TraceLabel(a) + "\nb: " + TraceLabel(b) + "\n\n";
    std::fputs(names.c_str(), stdout);
  }
  PrintRows(rows, args.format);
  return 0;
}


int Run(const Arguments& arguments) {
  if (arguments.operands.size() != 2) throw UsageError("give two traces, A and B");
  CompareArgs args{.db = DatabaseArgument(arguments),
                   .a = arguments.operands[0],
                   .b = arguments.operands[1],
                   .format = OutputFormat(arguments)};
  args.compare.by = ByArgument(arguments);
  args.compare.type = Text(arguments, "type");
  return Compare(args);
}

}  // namespace
}  // namespace compare_command

const Command kCompareCommand{
    .name = "compare",
    .summary = "two traces' time per state value side by side",
    .usage = compare_command::kUsage,
    .options = compare_command::kGroups,
    .description = compare_command::kDescription,
    .examples = compare_command::kExamples,
    .run = compare_command::Run,
};

}  // namespace tracedb

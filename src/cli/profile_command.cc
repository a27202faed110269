// tracedb profile: time per state value, over all containers or per
// container, from the summaries or clipped to a time window
// (analysis/flat_profile.h).
#include <cstdio>
#include <string>
#include <utility>

#include "analysis/analysed_trace.h"
#include "cli/commands.h"
#include "cli/table_output.h"
#include "cli/trace_window.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace {

// A terminal reads shares best as percentages.
void SharesAsPercent(ResultTable* table) {
  size_t share = table->columns.size() - 1;
  for (std::vector<Cell>& row : table->rows) {
    if (row[share].kind != CellKind::kReal) continue;
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", std::stod(row[share].text) * 100);
    row[share] = TextCell(text);
  }
}

}  // namespace

int RunProfile(const ProfileArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindAnalysable(*archive, args.trace);
  RequireStates(*archive, trace);
  ProfileOptions options = args.profile;
  if (args.window.from || args.window.to)
    options.window = ChosenWindow(*archive, trace, args.window);
  ResultTable table = FlatProfile(*archive, trace, options);
  if (args.format != QueryFormat::kText) {
    PrintTable(std::move(table), args.format);
    return 0;
  }
  SharesAsPercent(&table);
  TextTableOptions text;
  text.align.assign(table.columns.size(), Align::kAuto);
  text.align.back() = Align::kRight;
  PrintTable(std::move(table), args.format, text);
  return 0;
}

}  // namespace tracedb

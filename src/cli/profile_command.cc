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
RowSource SharesAsPercent(RowSource rows) {
  size_t share = rows.columns.size() - 1;
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

}  // namespace

int RunProfile(const ProfileArgs& args) {
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
  text.align.back() = Align::kRight;
  PrintRows(SharesAsPercent(std::move(rows)), args.format, text);
  return 0;
}

}  // namespace tracedb

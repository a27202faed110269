// tracedb compare: two traces' time per state value side by side, largest
// difference first (analysis/profile_comparison.h).
#include <cstdio>
#include <string>
#include <utility>

#include "analysis/analysed_trace.h"
#include "analysis/profile_comparison.h"
#include "cli/commands.h"
#include "cli/table_output.h"
#include "pipeline/open_archive.h"

namespace tracedb {

int RunCompare(const CompareArgs& args) {
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

}  // namespace tracedb

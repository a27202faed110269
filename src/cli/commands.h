// The commands of tracedb, one function each. Options arrive parsed (see
// cli.cc, the only cxxopts user); each returns the process exit code and
// lets InputErrors travel up to RunCli, which prints them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/flat_profile.h"
#include "analysis/profile_comparison.h"
#include "pipeline/dump_pipeline.h"
#include "pipeline/ingest_file.h"
#include "pipeline/summarize_trace.h"
#include "watch/folder_watcher.h"

namespace tracedb {

struct DumpArgs {
  std::string file;  // trace path, or "-" for stdin
  std::string db;    // when set, `file` names a trace stored there
  FormatArgs input;  // --format, --pcf, --row
  // -u, -z, --threads, --on-error, --max-errors (on_skip, on_warning: set
  // by RunDump).
  DumpPipelineOptions dump;
};

int RunDump(const DumpArgs& args);

struct IngestArgs {
  std::vector<std::string> files;  // "-" for stdin
  std::string db;                  // path of the SQLite database
  TraceLabels labels;              // --name (one file only), --comment, --tag, --tags-from-name
  bool quiet = false;
  bool progress = false;  // --progress: also when stderr is not a terminal
  FormatArgs input;       // for every file
  // --batch-size, --threads, -z, --force, --on-error, --max-errors (on_skip,
  // on_warning and progress: set by RunIngest).
  IngestFileOptions ingest;
};

// Exit code 0 when every file was ingested or skipped, 1 when any failed.
int RunIngest(const IngestArgs& args);

// Runs until SIGTERM/SIGINT (exit code 0), or with --once until the files
// complete at the start are done (exit code 1 when any of them failed).
// on_skip, on_warning: set by RunWatch.
int RunWatch(const watch::WatchOptions& args);

enum class QueryFormat { kText, kCsv, kJson };

struct ListArgs {
  std::string db;
  QueryFormat format = QueryFormat::kText;  // --csv, --json: every trace column
  std::vector<std::string> tags;            // --tag KEY or KEY=VALUE: only traces with all
  std::optional<TraceStatus> status;        // --status: only traces of it
};

int RunList(const ListArgs& args);

struct InfoArgs {
  std::string db;
  std::string trace;  // id or name
  bool json = false;
};

int RunInfo(const InfoArgs& args);

struct DeleteArgs {
  std::string db;
  std::vector<std::string> traces;  // ids or names
  bool failed = false;              // --failed: every failed trace too
  bool vacuum = false;              // rebuild the file afterwards, returning free pages
  bool wait = false;                // remove every row before returning
  bool background = false;          // leave every trace's rows to a background tracedb
  int64_t purge_for = 0;            // the background tracedb: remove the rows this pid hid
};

// Exit code 1 when any trace could not be deleted; the others still are.
int RunDelete(const DeleteArgs& args);

struct SummarizeArgs {
  std::string db;
  std::vector<std::string> traces;  // ids or names; none: every complete trace without summaries
  SummarizeOptions summarize;       // --profile-bins, --force
};

// Exit code 1 when any trace could not be summarized; the others still are.
int RunSummarize(const SummarizeArgs& args);

struct QueryArgs {
  std::string db;
  std::string sql;  // one statement; it must not write
  QueryFormat format = QueryFormat::kText;
};

int RunQuery(const QueryArgs& args);

enum class SchemaDialect { kSqlite, kPostgres };

struct SchemaArgs {
  SchemaDialect dialect = SchemaDialect::kSqlite;
  bool documented = false;  // schema/schema.sql (SQLite's dialect) instead of the migrations
};

int RunSchema(const SchemaArgs& args);

struct ExportCsvArgs {
  std::string db;
  std::string trace;   // id or name; it must be complete
  std::string dir;     // made when missing
  bool force = false;  // replace files already there
};

int RunExportCsv(const ExportCsvArgs& args);

// --from and --to as given; the trace's span fills in the one left out.
struct WindowArgs {
  std::optional<double> from;
  std::optional<double> to;
};

struct ProfileArgs {
  std::string db;
  std::string trace;
  ProfileOptions profile;  // --by, --type (the window: from `window`)
  WindowArgs window;
  QueryFormat format = QueryFormat::kText;
};

int RunProfile(const ProfileArgs& args);

// The text table shows this many pairs unless --limit says otherwise.
inline constexpr int64_t kTextPairs = 40;

struct CommArgs {
  std::string db;
  std::string trace;
  std::optional<int64_t> limit;  // --limit N, 0 for all; default: kTextPairs in text, else all
  QueryFormat format = QueryFormat::kText;
};

int RunComm(const CommArgs& args);

struct CompareArgs {
  std::string db;
  std::string a;  // the two traces, ids or names
  std::string b;
  CompareOptions compare;  // --by, --type
  QueryFormat format = QueryFormat::kText;
};

int RunCompare(const CompareArgs& args);

enum class PlotKind { kGantt, kUtilisation, kProfile, kComm };

struct PlotArgs {
  PlotKind kind = PlotKind::kGantt;
  std::string db;
  std::string trace;
  std::string output;               // -o FILE.svg, replaced whole
  WindowArgs window;                // --from, --to
  int width = 1500;                 // --width: pixels of the Gantt's time axis
  std::optional<std::string> type;  // --type: the Gantt's state type
};

int RunPlot(const PlotArgs& args);

struct ReportArgs {
  std::string db;
  std::string trace;
  std::string output;  // -o FILE.html; default trace-ID.html here
  WindowArgs window;   // --from, --to
};

int RunReport(const ReportArgs& args);

}  // namespace tracedb

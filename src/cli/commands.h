// The commands of tracedb, one function each. Options arrive parsed (see
// cli.cc, the only cxxopts user); each returns the process exit code and
// lets InputErrors travel up to RunCli, which prints them.
#pragma once

#include <string>
#include <vector>

#include "format/trace_format.h"
#include "model/bad_lines.h"

namespace tracedb {

// --format, --pcf, --row: how to read a trace file.
struct FormatArgs {
  TraceFormat format = TraceFormat::kAuto;
  std::string pcf;  // Paraver labels; default: NAME.pcf beside each NAME.prv
  std::string row;  // Paraver names; default: NAME.row beside each NAME.prv
};

struct DumpArgs {
  std::string file;                      // trace path, or "-" for stdin
  bool user_fields = false;              // -u: append user-defined fields
  bool ignore_incomplete_links = false;  // -z: drop links that never completed
  int threads = 0;                       // parser threads; 0: one per core beyond the first
  std::string db;                        // when set, `file` names a trace stored there
  FormatArgs input;
  BadLineOptions bad_lines;  // --on-error, --max-errors (on_skip: set by RunDump)
};

int RunDump(const DumpArgs& args);

struct IngestArgs {
  std::vector<std::string> files;  // "-" for stdin
  std::string db;                  // path of the SQLite database
  std::string comment;
  size_t batch_rows = 100'000;
  int threads = 0;                       // parser threads; 0: one per core beyond the first
  bool force = false;                    // replace a trace already ingested
  bool ignore_incomplete_links = false;  // -z
  bool quiet = false;
  FormatArgs input;          // for every file
  BadLineOptions bad_lines;  // --on-error, --max-errors (on_skip: set by RunIngest)
};

// Exit code 0 when every file was ingested or skipped, 1 when any failed.
int RunIngest(const IngestArgs& args);

struct WatchArgs {
  std::string dir;  // the folder watched; done/ and failed/ are made in it
  std::string db;
  int jobs = 1;               // files loaded at once
  double stable_seconds = 2;  // a file unchanged this long is complete
  double grace_seconds = 10;  // after SIGTERM/SIGINT, before running loads are abandoned
  bool once = false;          // load what is complete now, then exit
  std::string comment;
  size_t batch_rows = 100'000;
  int threads = 0;  // parser threads per load; 0: one per core beyond the first
  bool ignore_incomplete_links = false;  // -z
  BadLineOptions bad_lines;  // --on-error, --max-errors (on_skip: set by RunWatch)
};

// Runs until SIGTERM/SIGINT (exit code 0), or with --once until the files
// complete at the start are done (exit code 1 when any of them failed).
int RunWatch(const WatchArgs& args);

struct ListArgs {
  std::string db;
  bool json = false;  // every trace column, as a JSON array of objects
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
  bool vacuum = false;              // rebuild the file afterwards, returning free pages
};

// Exit code 1 when any trace could not be deleted; the others still are.
int RunDelete(const DeleteArgs& args);

enum class QueryFormat { kText, kCsv, kJson };

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

}  // namespace tracedb

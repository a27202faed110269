// tracedb export-csv: one stored trace as CSV files, one per table
// (db/trace_tables.h), for tools that read CSV rather than SQL.
//
// Streaming: each table is read through the backend's cursor and written
// as its rows arrive. A reader per core, each on a thread and a connection
// of its own (TraceReader::ReadCompleteTogether), takes the next unit of tables
// (db/trace_tables.h) until none is left: a complete trace's rows never
// change, and the trace's row and its summaries, which do, are one unit,
// read in one snapshot, so the files agree with each other even while
// other sessions ingest, summarize or delete. The files appear together
// once all are written (FileSet); an interruption (ctrl-C, SIGTERM) leaves
// none of them.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/command_list.h"
#include "cli/interruption.h"
#include "cli/shared_options.h"
#include "db/db_error.h"
#include "db/tie_sort.h"
#include "db/trace_tables.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "results/file_set.h"

namespace tracedb {
namespace export_csv_command {
namespace {

constexpr Option kOptions[] = {
    {"force", nullptr, "replace files already in DIR"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}};

constexpr UsageForm kUsage[] = {{.operands = "TRACE DIR"}};

constexpr const char* kDescription =
    "Write one complete trace as CSV files in DIR (made when missing), one\n"
    "per table: trace.csv (its one row), type.csv, value.csv,\n"
    "container.csv, state.csv, event.csv, variable.csv, link.csv and the\n"
    "summaries' state_summary.csv, event_summary.csv,\n"
    "variable_summary.csv, link_summary.csv, state_profile.csv,\n"
    "state_duration.csv and call_path.csv, each with a header and every\n"
    "column (tracedb schema --documented). RFC 4180 with LF line ends;\n"
    "NULL is an empty field and the empty string \"\"; reals keep every\n"
    "digit. Tables are streamed, several at once (a reader per core); the\n"
    "files agree with each other and appear together when all are\n"
    "written. --force replaces files there. Interrupted (ctrl-C,\n"
    "SIGTERM), it removes the files it began and exits 130 (143).\n";

constexpr const char* kExamples =
    "tracedb export-csv --db runs.sqlite 1 run1-csv/\n"
    "# Then, in Python: pandas.read_csv('run1-csv/state.csv')\n";

struct ExportCsvArgs {
  std::string db;
  std::string trace;   // id or name; it must be complete
  std::string dir;     // made when missing
  bool force = false;  // replace files already there
};


// Output is handed to the file in pieces of about this size.
constexpr size_t kFlushBytes = 1 << 16;

// Thrown by a reader that saw the interruption; the FileSet's destructor
// then removes every file begun.
struct ExportCancelled {};

// What every reader writes with.
struct Export {
  const Archive& archive;
  const TraceRecord& trace;
  FileSet& files;
  const std::atomic<bool>& cancel;  // ctrl-C or SIGTERM (cli/interruption.h)
};

// Text for file `index`, handed over in pieces; the interruption is looked
// at with each piece.
struct Output {
  const Export& run;
  size_t index;
  std::string text;

  void Written() {
    if (text.size() < kFlushBytes) return;
    if (run.cancel) throw ExportCancelled{};
    run.files.Write(index, text);
    text.clear();
  }
  void Append(std::string_view records) {
    text.append(records);
    Written();
  }
};

// Rows of `cursor` in the order it gives; the row count.
size_t WriteRows(RowCursor& cursor, Output& output) {
  size_t rows = 0;
  while (cursor.Next()) {
    AppendCsvRecord(&output.text, cursor);  // reals with every bit (ExactRealCell)
    ++rows;
    output.Written();
  }
  return rows;
}

// Rows of `cursor`, which gives them in `table`'s index order only, in the
// table's whole order (db/tie_sort.h); the row count.
size_t WriteTieSorted(RowCursor& cursor, const TraceTable& table, const SelectRows& select,
                      Output& output) {
  TieSortedRecords records(table, cursor, select,
                           [&](std::string_view text) { output.Append(text); });
  size_t rows = 0;
  while (cursor.Next()) {
    records.Add();
    ++rows;
  }
  records.Finish();
  return rows;
}

// Table `index` of kTraceTables, whole, into its file.
void WriteTable(const Export& run, const SelectRows& select, size_t index) {
  const TraceTable& table = kTraceTables[index];
  SqlDialect dialect = run.archive.reader->dialect();
  run.files.Open(index);
  std::unique_ptr<RowCursor> cursor = select(TraceTableSql(table, dialect, select));
  Output output{run, index, {}};
  AppendCsvHeader(&output.text, ColumnNames(*cursor));
  size_t rows = TiesLeftToReader(table, dialect) ? WriteTieSorted(*cursor, table, select, output)
                                                 : WriteRows(*cursor, output);
  run.files.Write(index, output.text);
  run.files.Close(index);
  spdlog::info("{}: {} rows of {}", run.trace.info.name, rows, table.name);
}

// One per core: the readers' work is mostly CPU (SQLite's B-trees, the
// text of the cells), little of it waiting on the disk.
int Readers() {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cores, 1, kTraceTableUnits);
}

std::vector<std::filesystem::path> TablePaths(const std::string& dir) {
  std::vector<std::filesystem::path> paths;
  for (const TraceTable& table : kTraceTables) {
    paths.push_back(std::filesystem::path(dir) / (std::string(table.name) + ".csv"));
  }
  return paths;
}

TraceRecord FindComplete(Archive& archive, const std::string& id_or_name) {
  std::optional<TraceRecord> trace = archive.catalog->FindTrace(id_or_name);
  if (!trace) throw DbError(archive.name(), "no trace '" + id_or_name + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive.name(), "trace " + std::to_string(trace->id) + " is " +
                                      std::string(StatusName(trace->status)) + ", not complete");
  }
  return *trace;
}

// Every file, or none.
void WriteFiles(const ExportCsvArgs& args, const std::atomic<bool>& cancel) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindComplete(*archive, args.trace);
  FileSet files(TablePaths(args.dir), args.force);
  Export run{*archive, trace, files, cancel};
  std::atomic<int> next_unit{0};
  auto read = [&](int, const SelectRows& select, const StreamRows&) {
    for (int unit = next_unit++; unit < kTraceTableUnits; unit = next_unit++) {
      for (size_t i = 0; i < kTraceTables.size(); ++i) {
        if (kTraceTables[i].unit == unit) WriteTable(run, select, i);
      }
    }
  };
  archive->reader->ReadCompleteTogether(trace.id, Readers(), read);
  if (cancel) throw ExportCancelled{};
  files.Commit();
  spdlog::info("trace {} ({}) written to {}", trace.id, trace.info.name, args.dir);
}

int ExportCsv(const ExportCsvArgs& args) {
  Interruption interruption;  // before the readers' threads start
  try {
    WriteFiles(args, interruption.flag());
  } catch (const ExportCancelled&) {
    std::cerr << "interrupted: no file written in " << args.dir << "\n";
    // As the shell reports a process the signal ended: 130 for ctrl-C.
    return 128 + interruption.signal();
  }
  return 0;
}


int Run(const Arguments& arguments) {
  if (arguments.operands.size() != 2) throw UsageError("give TRACE and DIR");
  return ExportCsv(ExportCsvArgs{.db = DatabaseArgument(arguments),
                                 .trace = arguments.operands[0],
                                 .dir = arguments.operands[1],
                                 .force = Flag(arguments, "force")});
}

}  // namespace
}  // namespace export_csv_command

const Command kExportCsvCommand{
    .name = "export-csv",
    .summary = "write the tables of one trace as CSV files",
    .usage = export_csv_command::kUsage,
    .options = export_csv_command::kGroups,
    .description = export_csv_command::kDescription,
    .examples = export_csv_command::kExamples,
    .run = export_csv_command::Run,
};

}  // namespace tracedb

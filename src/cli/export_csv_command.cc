// tracedb export-csv: one stored trace as CSV files, one per table
// (db/trace_tables.h), for tools that read CSV rather than SQL.
//
// Streaming: each table is read through the backend's cursor and written
// as its rows arrive, all tables in one snapshot (Archive::ReadComplete),
// so the files agree with each other even while other sessions ingest or
// delete. The files appear together once all are written (FileSet).
#include <spdlog/spdlog.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "db/db_error.h"
#include "db/trace_tables.h"
#include "output/csv_text.h"
#include "output/file_set.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace {

// Output is handed to the file in pieces of about this size.
constexpr size_t kFlushBytes = 1 << 16;

// Header and rows of `cursor` into the file open in `files`; the row count.
size_t WriteTable(RowCursor& cursor, FileSet& files) {
  std::string out;
  AppendCsvHeader(&out, ColumnNames(cursor));
  size_t rows = 0;
  while (cursor.Next()) {
    AppendCsvRecord(&out, RowCells(cursor));  // reals with every bit (ExactRealCell)
    ++rows;
    if (out.size() >= kFlushBytes) {
      files.Write(out);
      out.clear();
    }
  }
  files.Write(out);
  return rows;
}

std::vector<std::filesystem::path> TablePaths(const std::string& dir) {
  std::vector<std::filesystem::path> paths;
  for (const TraceTable& table : kTraceTables) {
    paths.push_back(std::filesystem::path(dir) / (std::string(table.name) + ".csv"));
  }
  return paths;
}

TraceRecord FindComplete(Archive& archive, const std::string& id_or_name) {
  std::optional<TraceRecord> trace = archive.FindTrace(id_or_name);
  if (!trace) throw DbError(archive.name(), "no trace '" + id_or_name + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive.name(), "trace " + std::to_string(trace->id) + " is " +
                                      std::string(StatusName(trace->status)) + ", not complete");
  }
  return *trace;
}

}  // namespace

int RunExportCsv(const ExportCsvArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  TraceRecord trace = FindComplete(*archive, args.trace);
  FileSet files(TablePaths(args.dir), args.force);
  archive->ReadComplete(trace.id, [&](const SelectRows& select) {
    for (size_t i = 0; i < kTraceTables.size(); ++i) {
      files.Open(i);
      size_t rows = WriteTable(*select(kTraceTables[i].sql), files);
      spdlog::info("{}: {} rows of {}", trace.info.name, rows, kTraceTables[i].name);
    }
  });
  files.Commit();
  spdlog::info("trace {} ({}) written to {}", trace.id, trace.info.name, args.dir);
  return 0;
}

}  // namespace tracedb

#include <spdlog/spdlog.h>

#include <cstdio>

#include "cli/commands.h"
#include "cli/skip_log.h"
#include "db/db_error.h"
#include "input/input_file.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"
#include "pipeline/formats.h"
#include "pipeline/open_archive.h"

namespace tracedb {

namespace {

int DumpStored(const DumpArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  std::optional<TraceRecord> trace = archive->FindTrace(args.file);
  if (!trace) throw DbError(archive->name(), "no trace '" + args.file + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive->name(), "trace " + std::to_string(trace->id) + " is " +
                                       std::string(StatusName(trace->status)) + ", not complete");
  }
  Registry registry;
  DumpWriter writer(registry, stdout,
                    DumpOptions{.user_fields = args.dump.user_fields,
                                .format_workers = args.dump.format_workers});
  try {
    archive->ReadTrace(trace->id, &registry, &writer);
  } catch (...) {
    writer.Flush();  // what came before the error, and the output's own error first
    throw;
  }
  writer.Flush();
  return 0;
}

// What the read left out or changed, on stderr after the output.
void ReportRead(const std::string& file, const TraceFormat& format, const ReadResult& read) {
  const SimulatorStats& s = read.simulator;
  if (s.ignored_events > 0) {
    spdlog::warn("{}: {} event(s) aimed at destroyed containers were ignored", file,
                 s.ignored_events);
  }
  if (s.dropped_links > 0) spdlog::info("{}: {} incomplete link(s) dropped", file, s.dropped_links);
  spdlog::info("{}: {} bytes, {} lines, {} {}", file, read.bytes, read.lines, read.records,
               format.records);
  // The last line when lines were skipped: the output is complete for what
  // was read, but not the whole file.
  if (read.skipped.count > 0) {
    spdlog::warn("{}: {} bad line(s) skipped; the output leaves them out", file,
                 read.skipped.count);
  }
}

}  // namespace

int RunDump(const DumpArgs& args) {
  if (!args.db.empty()) return DumpStored(args);
  // One InputFile for the look at the content and the reading: stdin has
  // no second chance.
  InputFile input(args.file);
  const TraceFormat& format = DetectFormat(input, args.input.format);
  DumpPipelineOptions options = args.dump;
  options.read.bad_lines = WithSkipLog(options.read.bad_lines);
  options.read.on_warning = WarningLog();
  std::vector<Companion> companions = format.companions(args.file, args.input.companions);
  ReadResult read = DumpTrace(input, format, companions, options, stdout);
  // Once read: a trace that failed has its one line, the error.
  for (const std::string& warning : format.lacks(args.file, companions)) spdlog::warn(warning);
  ReportRead(args.file, format, read);
  return 0;
}

}  // namespace tracedb

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/parse_workers.h"
#include "cli/skip_log.h"
#include "db/db_error.h"
#include "db/open_archive.h"
#include "format/paraver/paraver_reader.h"
#include "format/trace_format.h"
#include "input/input_file.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"

namespace tracedb {

namespace {

int DumpStored(const DumpArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, /*create=*/false);
  std::optional<TraceRecord> trace = archive->FindTrace(args.file);
  if (!trace) throw DbError(archive->name(), "no trace '" + args.file + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive->name(), "trace " + std::to_string(trace->id) + " is " +
                                       std::string(StatusName(trace->status)) + ", not complete");
  }
  Registry registry;
  DumpWriter writer(registry, stdout, DumpOptions{.user_fields = args.user_fields});
  archive->ReadTrace(trace->id, &registry, &writer);
  writer.Flush();
  return 0;
}

// The last line on stderr when lines were skipped: the output is complete
// for what was read, but not the whole file.
void ReportSkipped(const DumpArgs& args, const SkippedLines& skipped) {
  if (skipped.count == 0) return;
  spdlog::warn("{}: {} bad line(s) skipped; the output leaves them out", args.file,
               skipped.count);
}

int DumpParaver(const DumpArgs& args, InputFile& input) {
  Registry registry;
  DumpWriter writer(registry, stdout, DumpOptions{.user_fields = args.user_fields});
  paraver::ReadOptions options{.parse_workers = ParseWorkers(args.threads),
                               .keep_extras = args.user_fields,
                               .bad_lines = WithSkipLog(args.bad_lines)};
  auto read = paraver::ReadParaverTrace(
      input, paraver::FindCompanions(args.file, args.input.pcf, args.input.row), options,
      &registry, &writer);
  writer.Flush();
  spdlog::info("{}: {} bytes, {} lines, {} records", args.file, read.bytes, read.lines,
               read.records);
  ReportSkipped(args, read.skipped);
  return 0;
}

}  // namespace

int RunDump(const DumpArgs& args) {
  if (!args.db.empty()) return DumpStored(args);
  // One InputFile for the look at the content and the reading: stdin has
  // no second chance.
  InputFile input(args.file);
  if (DetectTraceFormat(input, args.input.format) == TraceFormat::kParaver) {
    return DumpParaver(args, input);
  }
  DumpPipelineOptions options{.user_fields = args.user_fields,
                              .ignore_incomplete_links = args.ignore_incomplete_links,
                              .bad_lines = WithSkipLog(args.bad_lines)};
  options.read.parse_workers = ParseWorkers(args.threads);
  DumpStats stats = DumpTrace(input, options, stdout);
  const SimulatorStats& s = stats.simulator;
  if (s.ignored_events > 0) {
    spdlog::warn("{}: {} event(s) aimed at destroyed containers were ignored", args.file,
                 s.ignored_events);
  }
  if (s.dropped_links > 0) {
    spdlog::info("{}: {} incomplete link(s) dropped", args.file, s.dropped_links);
  }
  spdlog::info("{}: {} bytes, {} lines, {} events", args.file, stats.bytes, stats.lines, s.events);
  ReportSkipped(args, stats.skipped);
  return 0;
}

}  // namespace tracedb

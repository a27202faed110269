#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/open_archive.h"
#include "cli/parse_workers.h"
#include "db/db_error.h"
#include "db/sqlite_trace_reader.h"
#include "db/trace_catalog.h"
#include "format/paraver/paraver_reader.h"
#include "format/trace_format.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"

namespace tracedb {

namespace {

int DumpStored(const DumpArgs& args) {
  // Like list and info, refuses a missing database instead of leaving an
  // empty one behind.
  std::unique_ptr<SqliteConnection> archive = OpenArchive(args.db);
  SqliteConnection& connection = *archive;
  std::optional<TraceRecord> trace = FindTrace(connection, args.file);
  if (!trace) throw DbError(args.db, "no trace '" + args.file + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(args.db, "trace " + std::to_string(trace->id) + " is " +
                               std::string(StatusName(trace->status)) + ", not complete");
  }
  Registry registry;
  DumpWriter writer(registry, stdout, DumpOptions{.user_fields = args.user_fields});
  ReadStoredTrace(connection, trace->id, &registry, &writer);
  writer.Flush();
  return 0;
}

int DumpParaver(const DumpArgs& args) {
  Registry registry;
  DumpWriter writer(registry, stdout, DumpOptions{.user_fields = args.user_fields});
  paraver::ReadOptions options{.parse_workers = ParseWorkers(args.threads),
                               .keep_extras = args.user_fields};
  auto read = paraver::ReadParaverTrace(paraver::FindCompanions(args.file, args.input.pcf, args.input.row),
                                        options, &registry, &writer);
  writer.Flush();
  spdlog::info("{}: {} bytes, {} lines, {} records", args.file, read.bytes, read.lines,
               read.records);
  return 0;
}

}  // namespace

int RunDump(const DumpArgs& args) {
  if (!args.db.empty()) return DumpStored(args);
  if (DetectTraceFormat(args.file, args.input.format) == TraceFormat::kParaver) return DumpParaver(args);
  DumpPipelineOptions options{.user_fields = args.user_fields,
                              .ignore_incomplete_links = args.ignore_incomplete_links};
  options.read.parse_workers = ParseWorkers(args.threads);
  DumpStats stats = DumpTrace(args.file, options, stdout);
  const SimulatorStats& s = stats.simulator;
  if (s.ignored_events > 0) {
    spdlog::warn("{}: {} event(s) aimed at destroyed containers were ignored", args.file,
                 s.ignored_events);
  }
  if (s.dropped_links > 0) {
    spdlog::info("{}: {} incomplete link(s) dropped", args.file, s.dropped_links);
  }
  spdlog::info("{}: {} bytes, {} lines, {} events", args.file, stats.bytes, stats.lines, s.events);
  return 0;
}

}  // namespace tracedb

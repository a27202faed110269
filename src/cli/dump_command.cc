#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <vector>

#include "cli/commands.h"
#include "cli/skip_log.h"
#include "db/db_error.h"
#include "db/stored_trace_reader.h"
#include "input/input_file.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"
#include "pipeline/formats.h"
#include "pipeline/open_archive.h"

namespace tracedb {

namespace {

// Tables read at once by --db: --threads' count (one per core by default),
// one per part at most.
int StoredReaders(const DumpArgs& args) {
  int threads = args.dump.read.parse_workers + args.dump.format_workers + 1;
  return std::clamp(threads, 1, kStoredRowParts);
}

// Parts (stored_trace_reader.h) until none is left, through `read`'s
// writer, whose pieces of whole lines go to stdout as they fill. A reader
// that fails stops the others at their next row; its error is the one
// reported, after the lines that came before it.
void ReadParts(const StoredRead& read, DumpWriter& writer, std::atomic<int>& next,
               std::atomic<bool>& stop) {
  try {
    for (int part = next++; part < kStoredRowParts; part = next++) ReadStoredPart(read, part);
  } catch (const StoppedRead&) {
    // Another reader failed.
  } catch (...) {
    stop = true;
    writer.Flush();  // what came before the error, and the output's own error first
    throw;
  }
  writer.Flush();
}

// A reader per part at most, each with a writer of its own, all sharing
// the registry, read first.
void DumpParts(Archive& archive, int64_t id, const DumpArgs& args, int readers) {
  Registry registry;
  archive.reader->ReadComplete(
      id, [&](const SelectRows& select) { ReadStoredRegistry(archive.name(), select, &registry); });
  std::vector<std::unique_ptr<DumpWriter>> writers;
  for (int i = 0; i < readers; ++i) {
    writers.push_back(std::make_unique<DumpWriter>(
        registry, stdout, DumpOptions{.user_fields = args.dump.user_fields, .whole_lines = true}));
  }
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  archive.reader->ReadCompleteTogether(
      id, readers, [&](int reader, const SelectRows& select, const StreamRows&) {
        DumpWriter& writer = *writers[reader];
        ReadParts({archive.name(), archive.reader->dialect(), select, registry, &writer, &stop},
                  writer, next, stop);
      });
}

int DumpStored(const DumpArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  std::optional<TraceRecord> trace = archive->catalog->FindTrace(args.file);
  if (!trace) throw DbError(archive->name(), "no trace '" + args.file + "' (see tracedb list)");
  if (trace->status != TraceStatus::kComplete) {
    throw DbError(archive->name(), "trace " + std::to_string(trace->id) + " is " +
                                       std::string(StatusName(trace->status)) + ", not complete");
  }
  if (int readers = StoredReaders(args); readers > 1) {
    DumpParts(*archive, trace->id, args, readers);
    return 0;
  }
  Registry registry;
  DumpWriter writer(registry, stdout,
                    DumpOptions{.user_fields = args.dump.user_fields,
                                .format_workers = args.dump.format_workers});
  try {
    ReadTrace(*archive->reader, trace->id, &registry, &writer);
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

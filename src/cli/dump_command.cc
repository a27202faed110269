// tracedb dump: a trace file's entities (or a stored trace's) in pj_dump's
// format, through pipeline/dump_pipeline.h.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <vector>

#include "cli/command_list.h"
#include "cli/parse_workers.h"
#include "cli/shared_options.h"
#include "cli/skip_log.h"
#include "db/db_error.h"
#include "db/stored_trace_reader.h"
#include "input/input_file.h"
#include "output/dump_writer.h"
#include "pipeline/dump_pipeline.h"
#include "pipeline/formats.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace dump_command {
namespace {

constexpr Option kOptions[] = {
    {"u,user-fields", nullptr, "append user-defined fields to each line"},
    {"threads", "N", "threads that read, simulate and write; 0: one per core", "0"},
};

constexpr OptionGroup kGroups[] = {
    {kOptions}, kIncompleteLinkGroup, kFormatGroup, kOnErrorGroup, kDatabaseGroup,
};

constexpr UsageForm kUsage[] = {
    {.operands = "FILE", .omit = "db"},
    {.operands = "TRACE", .required = "db", .only = "user-fields"},
};

constexpr const char* kDescription =
    "Print every entity of a trace, one line each, in pj_dump's format,\n"
    "streaming. FILE may be plain, gzip or '-' (stdin), or an OTF2 archive's\n"
    "anchor or folder; its format is found from its content. A Paraver\n"
    "NAME.prv reads NAME.pcf and NAME.row beside it. With --db, prints TRACE\n"
    "as stored: the same lines, by table, a reader per thread (--threads 1:\n"
    "one table after another).\n";

constexpr const char* kExamples =
    "# The states of a trace, with their user-defined fields\n"
    "tracedb dump -u examples/ring.paje | grep ^State\n"
    "# Trace 3 of an archive\n"
    "tracedb dump --db runs.sqlite 3\n";

struct DumpArgs {
  std::string file;  // trace path, or "-" for stdin
  std::string db;    // when set, `file` names a trace stored there
  FormatArgs input;  // --format, --pcf, --row
  DumpPipelineOptions dump;  // -u, -z, --threads, --on-error, --max-errors
};

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

int Dump(const DumpArgs& args) {
  if (!args.db.empty()) return DumpStored(args);
  // One InputFile for the look at the content and the reading: stdin has
  // no second chance.
  std::string file = TraceFileOf(args.file);
  InputFile input(file);
  const TraceFormat& format = DetectFormat(input, args.input.format);
  std::vector<Companion> companions = format.companions(file, args.input.companions);
  ReadResult read = DumpTrace(input, format, companions, args.dump, LoggingCallbacks(), stdout);
  // Once read: a trace that failed has its one line, the error.
  for (const std::string& warning : format.lacks(file, companions)) spdlog::warn(warning);
  ReportRead(file, format, read);
  return 0;
}

int Run(const Arguments& arguments) {
  DumpArgs args{.file = OneOperand(arguments, "FILE"),
                .input = FormatArguments(arguments),
                .dump = {.user_fields = Flag(arguments, "user-fields"),
                         .read = ReadArguments(arguments)}};
  DumpThreads threads =
      SplitDumpThreads(static_cast<int>(Number(arguments, "threads", 0, kMaxThreads)));
  args.dump.read.parse_workers = threads.parse_workers;
  args.dump.format_workers = threads.format_workers;
  if (Has(arguments, "db")) args.db = DatabaseArgument(arguments);
  return Dump(args);
}

}  // namespace
}  // namespace dump_command

const Command kDumpCommand{
    .name = "dump",
    .summary = "print a trace's entities in pj_dump's format",
    .usage = dump_command::kUsage,
    .options = dump_command::kGroups,
    .description = dump_command::kDescription,
    .examples = dump_command::kExamples,
    .run = dump_command::Run,
};

}  // namespace tracedb

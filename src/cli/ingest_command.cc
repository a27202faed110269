// tracedb ingest: each FILE (or stdin) as one trace, through pipeline/ingest_file.h.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <vector>

#include "cli/background_purge.h"
#include "cli/command_list.h"
#include "cli/interruption.h"
#include "cli/progress_line.h"
#include "cli/shared_options.h"
#include "cli/skip_log.h"
#include "model/input_error.h"
#include "pipeline/ingest_file.h"
#include "pipeline/open_archive.h"

namespace tracedb {
namespace ingest_command {
namespace {

namespace fs = std::filesystem;

constexpr Option kOptions[] = {
    {"name", "NAME", "the trace's name (default: the file's)"},
    {"force", nullptr, "replace traces of the same content"},
    {"q,quiet", nullptr, "no progress and no summary"},
    {"progress", nullptr, "progress also when not on a terminal"},
};

constexpr Option kThreadOptions[] = {
    {"threads", "N", "reading threads; 0: one per core", "0"},
};

constexpr OptionGroup kGroups[] = {
    kDatabaseGroup, {kOptions},        kLabelGroup,  kIncompleteLinkGroup, {kThreadOptions},
    kBatchGroup,    kProfileBinsGroup, kFormatGroup, kOnErrorGroup,
};

constexpr UsageForm kUsage[] = {{.operands = "FILE..."}};

constexpr const char* kDescription =
    "Load Pajé or Paraver traces (plain, .gz, or - for stdin) or OTF2 archives\n"
    "(the anchor file or its folder), each as one trace, visible once\n"
    "complete. Content already there is skipped unless --force; a bad file is\n"
    "marked failed, the rest still load (exit 1).\n";

constexpr const char* kExamples =
    "# Two runs, tagged app=lu and, from their names, run=1 and run=2\n"
    "tracedb ingest --tag app=lu --tags-from-name 'run{run}.*' run1.paje run2.prv\n"
    "zcat run3.paje.gz | tracedb ingest --db postgresql://alice@db1/traces -\n";

struct IngestArgs {
  std::vector<std::string> files;  // "-" for stdin
  std::string db;
  TraceLabels labels;  // --name (one file only), --comment, --tag, --tags-from-name
  bool quiet = false;
  bool progress = false;  // --progress: also when stderr is not a terminal
  FormatArgs input;       // for every file
  IngestFileOptions ingest;  // --batch-size, --threads, -z, --force, --on-error, --max-errors
};

// stdin can be read once, but the archive needs its digest before loading:
// it is copied to a temporary file first, removed afterwards.
class StdinCopy {
 public:
  StdinCopy() {
    std::string pattern = (fs::temp_directory_path() / "tracedb-stdin-XXXXXX").string();
    int fd = mkstemp(pattern.data());
    if (fd < 0) throw InputError("-", 0, "cannot create a temporary copy of stdin");
    path_ = pattern;
    std::string problem = Copy(fd);
    ::close(fd);
    if (!problem.empty()) {
      Remove();  // the destructor does not run for a constructor that throws
      throw InputError("-", 0, problem);
    }
  }
  ~StdinCopy() { Remove(); }
  const std::string& path() const { return path_; }

 private:
  // Copies all of stdin to fd; "" or what went wrong. A read error must not
  // pass for the end of input: a cut trace would load as complete.
  std::string Copy(int fd) {
    std::vector<char> buffer(1 << 20);
    while (true) {
      ssize_t got = ::read(STDIN_FILENO, buffer.data(), buffer.size());
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) return std::string("cannot read stdin: ") + std::strerror(errno);
      if (got == 0) return "";
      for (ssize_t done = 0; done < got;) {
        ssize_t put = ::write(fd, buffer.data() + done, static_cast<size_t>(got - done));
        if (put < 0 && errno == EINTR) continue;
        if (put < 0) {
          return "cannot write the temporary copy of stdin to " + path_ + ": " +
                 std::strerror(errno);
        }
        done += put;
      }
    }
  }
  void Remove() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }

  std::string path_;
};

// --log-level info: what was found, and what will be read.
void LogPrepared(const PreparedFile& file) {
  std::string companions;
  for (const Companion& companion : file.companions) {
    companions += ", " + companion.role + " " + companion.path;
  }
  spdlog::info("{}: a {} trace of {} bytes{}", file.given, file.format->title,
               file.info.size_bytes.value_or(0), companions);
}

// The archive, opened at its first use when it is a new SQLite file: an
// ingest whose files all fail before loading (missing, empty, of no known
// format) leaves no empty archive behind. Any other is opened at once, so
// that a wrong --db is the first error.
class ArchiveOnDemand {
 public:
  explicit ArchiveOnDemand(const std::string& db) : db_(db) {
    if (!WouldCreateArchive(db)) Open();
  }
  Archive& Get() {
    if (!archive_) Open();
    return *archive_;
  }

 private:
  void Open() {
    archive_ = OpenArchive(db_, ArchiveAccess::kCreate);
    for (int64_t id : archive_->loader->CleanInterrupted()) {
      spdlog::warn("{}: removed trace {}, whose ingest was interrupted", archive_->name(), id);
    }
    ResumeStoppedRemovals();
  }

  // A delete's background removal that was killed goes on in the background
  // again, rather than keep its rows until the next delete.
  void ResumeStoppedRemovals() {
    std::vector<TraceRecord> stopped = StoppedRemovals(archive_->catalog->ListTraces());
    if (stopped.empty()) return;
    std::string problem;
    if (HandToBackground(*archive_, &problem)) {
      spdlog::info("{}: removing the rest of trace {} in the background", archive_->name(),
                   stopped.front().id);
    } else {
      spdlog::warn(
          "{}: the removal of trace {} stopped part way ({}): tracedb delete {} finishes it",
          archive_->name(), stopped.front().id, problem, stopped.front().id);
    }
  }

  std::string db_;
  std::unique_ptr<Archive> archive_;
};

// One file; returns false when it failed (reported on stderr). Throws
// IngestCancelled when `interruption` stopped it: nothing of it is stored.
bool IngestOne(ArchiveOnDemand& archive_on_demand, const std::string& given, const IngestArgs& args,
               const Interruption& interruption) {
  std::optional<StdinCopy> copy;
  if (given == "-") copy.emplace();
  PreparedFile file = PrepareTraceFile(given, copy ? copy->path() : given, args.input, args.labels);
  LogPrepared(file);
  Archive& archive = archive_on_demand.Get();
  ProgressLine progress(given, {.quiet = args.quiet, .forced = args.progress});
  IngestFileHooks hooks{.on_publish = [&] { progress.Stage("indexing and publishing..."); },
                        .cancel = &interruption.flag()};
  hooks.pipeline.progress = [&](const LoadProgress& now) { progress.Update(now); };
  hooks.pipeline.read.on_skip = [&, log = SkipLog()](const InputError& e) {
    progress.Clear();  // the warning gets a line of its own
    log(e);
  };
  hooks.pipeline.read.on_warning = [&, log = WarningLog()](const InputError& e) {
    progress.Clear();
    log(e);
  };
  IngestFileOutcome outcome;
  try {
    outcome = IngestTraceFile(*archive.loader, *archive.remover, file, args.ingest, hooks);
  } catch (const IngestFailed& e) {
    progress.Clear();
    std::cerr << e.what() << "\n";
    return false;
  } catch (const IngestCancelled&) {
    progress.Clear();
    throw;
  }
  progress.Clear();
  // Once stored: a file that failed has its one line, the error.
  for (const std::string& warning : file.warnings) spdlog::warn(warning);
  spdlog::info("{}: read and written in {:.2f} s, indexed and published in {:.2f} s", given,
               outcome.load_seconds, outcome.seconds - outcome.load_seconds);
  if (args.quiet) return true;
  if (outcome.already_there) {
    std::cerr << given << ": already in the database as trace " << outcome.trace_id
              << " (same content); skipped, --force replaces it\n";
    return true;
  }
  std::string replaced =
      outcome.replaced ? ", replacing trace " + std::to_string(*outcome.replaced) : "";
  if (outcome.skipped_lines > 0) {
    replaced += "; " + std::to_string(outcome.skipped_lines) + " bad line(s) skipped";
  }
  std::fprintf(
      stderr, "%s: trace %lld, %lld rows in %.2f s (%.1f MB/s; load %.2f s, index %.2f s)%s\n",
      given.c_str(), static_cast<long long>(outcome.trace_id), static_cast<long long>(outcome.rows),
      outcome.seconds, static_cast<double>(outcome.bytes) / 1e6 / std::max(outcome.seconds, 1e-9),
      outcome.load_seconds, outcome.seconds - outcome.load_seconds, replaced.c_str());
  return true;
}

int Ingest(const IngestArgs& args) {
  Interruption interruption;  // before the pipeline starts any thread
  ArchiveOnDemand archive(args.db);
  int failed = 0;
  for (const std::string& file : args.files) {
    if (interruption.signal() != 0) {
      std::cerr << "interrupted: " << file << " not stored\n";
      continue;
    }
    try {
      if (!IngestOne(archive, file, args, interruption)) ++failed;
    } catch (const IngestCancelled&) {
      std::cerr << "interrupted: " << file << " not stored\n";
    } catch (const InputError& e) {
      std::cerr << e.what() << "\n";
      ++failed;
    }
  }
  // As the shell reports a process the signal ended: 130 for ctrl-C.
  if (int signal = interruption.signal()) return 128 + signal;
  return failed == 0 ? 0 : 1;
}

IngestArgs Parsed(const Arguments& arguments) {
  if (arguments.operands.empty()) throw UsageError("missing FILE");
  IngestArgs args{.files = arguments.operands,
                  .db = DatabaseArgument(arguments),
                  .labels = LabelArguments(arguments),
                  .quiet = Flag(arguments, "quiet"),
                  .progress = Flag(arguments, "progress"),
                  .input = FormatArguments(arguments),
                  .ingest = IngestArguments(arguments)};
  args.ingest.force = Flag(arguments, "force");
  std::optional<std::string> name = Text(arguments, "name");
  if (name && name->empty()) throw UsageError("--name: empty name");
  if (name && args.files.size() > 1) throw UsageError("--name names one trace: give one FILE");
  args.labels.name = name.value_or("");
  return args;
}

int Run(const Arguments& arguments) { return Ingest(Parsed(arguments)); }

}  // namespace
}  // namespace ingest_command

const Command kIngestCommand{
    .name = "ingest",
    .summary = "load traces into a database (SQLite file by default)",
    .usage = ingest_command::kUsage,
    .options = ingest_command::kGroups,
    .description = ingest_command::kDescription,
    .examples = ingest_command::kExamples,
    .run = ingest_command::Run,
};

}  // namespace tracedb

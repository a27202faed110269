#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/parse_workers.h"
#include "cli/progress_line.h"
#include "db/db_error.h"
#include "db/sqlite_migrate.h"
#include "db/sqlite_row_writer.h"
#include "db/sqlite_staged_load.h"
#include "db/trace_catalog.h"
#include "format/paraver/companion_files.h"
#include "format/trace_format.h"
#include "ingest/ingest_pipeline.h"
#include "input/file_digest.h"
#include "model/input_error.h"

#ifndef TRACEDB_VERSION
#define TRACEDB_VERSION "unknown"
#endif

namespace tracedb {
namespace {

namespace fs = std::filesystem;

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

TraceInfo DescribeFile(const std::string& given, const std::string& readable,
                       const IngestArgs& args) {
  TraceInfo info;
  info.name = given == "-" ? "stdin" : fs::path(given).filename().string();
  info.path = given == "-" ? "-" : fs::absolute(given).lexically_normal().string();
  info.format = "paje";
  std::error_code error;
  auto size = fs::file_size(readable, error);
  if (!error) info.size_bytes = static_cast<int64_t>(size);
  info.sha256 = Sha256OfFile(readable);
  if (!args.comment.empty()) info.comment = args.comment;
  info.tool_version = TRACEDB_VERSION;
  return info;
}

TraceSummary Summarize(const IngestResult& r) {
  return TraceSummary{.start_time = r.start_time,
                      .end_time = r.end_time,
                      .container_count = r.counts.containers,
                      .state_count = r.counts.states,
                      .event_count = r.counts.events,
                      .variable_count = r.counts.variables,
                      .link_count = r.counts.links,
                      .metadata = r.metadata};
}

int64_t EntityRows(const RowCounts& c) {
  return c.containers + c.states + c.events + c.variables + c.links;
}

// What the user sees of an error: an InputError about stdin's temporary
// copy names "-", as the user wrote it.
std::string Described(const std::exception& e, const std::string& given, const std::string& path) {
  const auto* input = dynamic_cast<const InputError*>(&e);
  if (input == nullptr || input->file() != path || given == path) return e.what();
  return InputError(given, input->line(), input->problem()).what();
}

// A pipe or a device can be read once, and ingest reads a file twice (its
// digest first): it would store an empty trace. stdin is copied to a file
// for that reason; the user is sent there. What does not exist is left for
// the digest to report.
void RefuseSpecialFile(const std::string& given, const std::string& path) {
  std::error_code error;
  fs::file_status status = fs::status(path, error);
  if (error || !fs::exists(status) || fs::is_regular_file(status)) return;
  throw InputError(given, 0,
                   "is not a regular file (a pipe or a device, which can be read only once); "
                   "give its content on stdin instead: tracedb ingest -");
}

// One file, read from `path` (stdin's copy for "-"); returns false when it
// failed after its trace row was made (reported on stderr, the row marked
// failed); an InputError before that is the caller's to report.
bool IngestPath(SqliteConnection& connection, const std::string& given, const std::string& path,
                const IngestArgs& args) {
  if (fs::is_directory(path)) throw InputError(given, 0, "is a directory, not a trace file");
  RefuseSpecialFile(given, path);
  TraceInfo info = DescribeFile(given, path, args);
  TraceFormat format = DetectTraceFormat(path, args.input.format);
  info.format = TraceFormatName(format);

  std::optional<int64_t> existing = FindCompleteBySha(connection, info.sha256);
  if (existing && !args.force) {
    if (!args.quiet) {
      std::cerr << given << ": already in the database as trace " << *existing
                << " (same content); skipped, --force replaces it\n";
    }
    return true;
  }
  auto started = std::chrono::steady_clock::now();
  int64_t id = BeginTrace(connection, info);
  ProgressLine progress(given, args.quiet);
  IngestResult result;
  auto loaded = started;
  try {
    SqliteStagedLoad staged(connection, id);
    SqliteRowWriter writer(connection, SqliteStagedLoad::kSchema, id);
    IngestOptions options{.batch_rows = args.batch_rows,
                          .parse_workers = ParseWorkers(args.threads),
                          .ignore_incomplete_links = args.ignore_incomplete_links};
    options.progress = [&](uint64_t bytes, int64_t rows) { progress.Update(bytes, rows); };
    if (format == TraceFormat::kParaver) {
      paraver::ParaverFiles files = paraver::FindCompanions(given, args.input.pcf, args.input.row);
      files.trace = path;  // stdin's copy, or the file itself
      for (std::string* companion : {&files.pcf, &files.row}) {
        if (!companion->empty()) *companion = fs::absolute(*companion).lexically_normal().string();
      }
      result = IngestParaverTrace(files, writer, options);
    } else {
      result = IngestTrace(path, writer, options);
    }
    loaded = std::chrono::steady_clock::now();
    staged.Publish(Summarize(result), existing);
  } catch (const std::exception& e) {
    progress.Clear();
    std::string message = Described(e, given, path);
    try {
      FailTrace(connection, id, message);
    } catch (const std::exception& cleanup) {
      spdlog::error("could not mark trace {} as failed: {}", id, cleanup.what());
    }
    std::cerr << message << "\n";
    return false;
  }
  progress.Clear();
  auto now = std::chrono::steady_clock::now();
  double seconds = std::chrono::duration<double>(now - started).count();
  if (!args.quiet) {
    std::string replaced = existing ? ", replacing trace " + std::to_string(*existing) : "";
    std::fprintf(stderr,
                 "%s: trace %lld, %lld rows in %.1f s (%.1f MB/s; load %.1f s, index %.1f s)%s\n",
                 given.c_str(), static_cast<long long>(id),
                 static_cast<long long>(EntityRows(result.counts)), seconds,
                 static_cast<double>(result.bytes) / 1e6 / std::max(seconds, 1e-9),
                 std::chrono::duration<double>(loaded - started).count(),
                 std::chrono::duration<double>(now - loaded).count(), replaced.c_str());
  }
  return true;
}

// One file as the user gave it ("-": stdin, copied to a file first).
bool IngestOne(SqliteConnection& connection, const std::string& given, const IngestArgs& args) {
  std::optional<StdinCopy> copy;
  if (given == "-") copy.emplace();
  const std::string& path = copy ? copy->path() : given;
  try {
    return IngestPath(connection, given, path, args);
  } catch (const InputError& e) {
    if (!copy || e.file() != path) throw;
    throw InputError(given, e.line(), e.problem());
  }
}

}  // namespace

int RunIngest(const IngestArgs& args) {
  SqliteConnection connection(args.db);
  Migrate(connection);
  std::vector<int64_t> interrupted = CleanInterrupted(connection);
  for (int64_t id : interrupted) {
    spdlog::warn("{}: removed trace {}, whose ingest was interrupted", args.db, id);
  }
  int failed = 0;
  for (const std::string& file : args.files) {
    try {
      if (!IngestOne(connection, file, args)) ++failed;
    } catch (const InputError& e) {
      std::cerr << e.what() << "\n";
      ++failed;
    }
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace tracedb

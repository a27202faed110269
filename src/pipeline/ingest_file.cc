#include "pipeline/ingest_file.h"

#include <malloc.h>

#include <chrono>
#include <filesystem>
#include <memory>

#include "input/file_digest.h"
#include "model/input_error.h"
#include "model/latin1_text.h"
#include "pipeline/formats.h"

#ifndef TRACEDB_VERSION
#define TRACEDB_VERSION "unknown"
#endif

namespace tracedb {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// What a trace is called by default: its file's name; an archive of many
// files (OTF2), whose anchor is often just "traces.otf2", by its folder's.
std::string DefaultName(const std::string& given, const TraceFormat& format) {
  if (given == "-") return "stdin";
  fs::path path(given);
  std::string folder = fs::absolute(path).parent_path().filename().string();
  if (format.in_folder != nullptr && !folder.empty()) return folder;
  return path.filename().string();
}

TraceInfo DescribeFile(const std::string& given, const std::string& readable,
                       const std::string& file_name, const TraceLabels& labels,
                       std::vector<std::string>* warnings) {
  TraceInfo info;
  // The command line's text too is stored as UTF-8, a Latin-1 file name
  // included (model/latin1_text.h).
  info.name = Latin1AsUtf8(labels.name.empty() ? file_name : labels.name);
  info.path = given == "-" ? "-" : Latin1AsUtf8(fs::absolute(given).lexically_normal().string());
  std::string warning;
  for (const ExtraField& tag : TagsFor(labels, file_name, &warning)) {
    info.tags.push_back({Latin1AsUtf8(tag.name), Latin1AsUtf8(tag.value)});
  }
  if (!warning.empty()) warnings->push_back(given + ": " + warning);
  std::string comment = Latin1AsUtf8(labels.comment);
  info.format = "paje";
  std::error_code error;
  auto size = fs::file_size(readable, error);
  if (!error) info.size_bytes = static_cast<int64_t>(size);
  if (!comment.empty()) info.comment = comment;
  info.tool_version = TRACEDB_VERSION;
  return info;
}

// Messages name the file that was read; stdin's copy is "-" to the user.
std::string AsGiven(const PreparedFile& file, std::string message) {
  if (file.given != file.path && message.rfind(file.path, 0) == 0) {
    message = file.given + message.substr(file.path.size());
  }
  return message;
}

// "FILE:LINE: problem" lines, NULL when none was skipped.
std::optional<std::string> SkippedErrors(const PreparedFile& file, const SkippedLines& skipped) {
  if (skipped.first.empty()) return std::nullopt;
  std::string text;
  for (const std::string& error : skipped.first) {
    if (!text.empty()) text += '\n';
    text += AsGiven(file, error);
  }
  return text;
}

TraceSummary Summarize(const PreparedFile& file, const IngestResult& r) {
  return TraceSummary{.start_time = r.read.start_time,
                      .end_time = r.read.end_time,
                      .container_count = r.counts.containers,
                      .state_count = r.counts.states,
                      .event_count = r.counts.events,
                      .variable_count = r.counts.variables,
                      .link_count = r.counts.links,
                      .metadata = r.read.metadata,
                      .skipped_lines = static_cast<int64_t>(r.read.skipped.count),
                      .skipped_errors = SkippedErrors(file, r.read.skipped),
                      .profile_bins = r.profile_bins};
}

int64_t EntityRows(const RowCounts& c) {
  return c.containers + c.states + c.events + c.variables + c.links;
}

double SecondsBetween(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

IngestResult ReadRows(const PreparedFile& file, RowWriter& writer,
                      const IngestFileOptions& options, const IngestFileHooks& hooks) {
  IngestCallbacks callbacks;
  if (const auto& on_skip = hooks.pipeline.read.on_skip) {
    callbacks.read.on_skip = [&](const InputError& e) {
      on_skip(InputError(file.given, e.line(), e.problem()));
    };
  }
  if (const auto& on_warning = hooks.pipeline.read.on_warning) {
    callbacks.read.on_warning = [&](const InputError& e) {  // a companion keeps its name
      on_warning(e.file() == file.path ? InputError(file.given, e.line(), e.problem()) : e);
    };
  }
  // After each block is the one point where a load can stop early and
  // leave the pipeline's threads joined (the exception unwinds them).
  callbacks.progress = [&](const LoadProgress& progress) {
    if (hooks.cancel != nullptr && hooks.cancel->load()) {
      throw IngestCancelled(file.given + ": load abandoned");
    }
    if (hooks.pipeline.progress) hooks.pipeline.progress(progress);
  };
  InputFile input(file.path);
  return IngestTrace(input, *file.format, file.companions, writer, options.pipeline, callbacks);
}

// A pipe or a device can be read once, and a file is read twice (its
// digest first): it would load as an empty trace. stdin is copied to a file
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

// An archive of many files (OTF2) is as large as all of them.
void CountCompanions(PreparedFile* file) {
  if (file->format->in_folder == nullptr || !file->info.size_bytes) return;
  for (const Companion& companion : file->companions) {
    std::error_code error;
    auto size = fs::file_size(companion.path, error);
    if (!error) *file->info.size_bytes += static_cast<int64_t>(size);
  }
}

// The archive's files, wherever it is read: watch reads a folder it claimed,
// of which none arrives later.
std::vector<Companion> CompanionsOf(const PreparedFile& file, const FormatArgs& input) {
  if (file.format->in_folder != nullptr) return file.format->companions(file.path, {});
  // Beside the file as given: stdin's copy has no companions beside it.
  return input.look_beside ? file.format->companions(file.given, input.companions)
                           : input.companions;
}

// The unit the format stores its times in, else the one the user gave;
// a warning when the user gave another than the format's.
void TimeUnitOf(const TraceFormat& format, const TraceLabels& labels, PreparedFile* file) {
  file->info.time_unit = labels.time_unit.value_or("s");
  if (*format.unit == '\0') return;
  if (labels.time_unit && *labels.time_unit != format.unit) {
    file->warnings.push_back(file->given + ": " + format.title + " times are in " + format.unit +
                             ", whatever --time-unit says (it applies to Pajé traces)");
  }
  file->info.time_unit = format.unit;
}

PreparedFile Prepare(const std::string& given_arg, const std::string& path_arg,
                     const FormatArgs& input, const TraceLabels& labels) {
  // A folder read is the trace it holds, which messages name where it was
  // given (watch reads the folder it moved out of DIR).
  std::string path = TraceFileOf(path_arg);
  std::string given = given_arg;
  if (path != path_arg) {
    given = (fs::path(given_arg) / fs::path(path).lexically_relative(path_arg)).string();
  }
  RefuseSpecialFile(given, path);
  PreparedFile file{.given = given, .path = path};
  file.format = &DetectFormat(path, input.format);
  file.info = DescribeFile(given, path, DefaultName(given, *file.format), labels, &file.warnings);
  file.info.format = file.format->name;
  TimeUnitOf(*file.format, labels, &file);
  file.companions = CompanionsOf(file, input);
  for (Companion& companion : file.companions) {
    companion.path = fs::absolute(companion.path).lexically_normal().string();
  }
  CountCompanions(&file);
  for (std::string& warning : file.format->lacks(given, file.companions)) {
    file.warnings.push_back(std::move(warning));
  }
  return file;
}

}  // namespace

std::string TraceIdentity(const std::string& trace_digest,
                          const std::vector<Companion>& companions) {
  if (companions.empty() || trace_digest.empty()) return trace_digest;
  std::string text = trace_digest + "\n";
  for (const Companion& companion : companions) {
    text += companion.role + " " + Sha256OfFile(companion.path) + "\n";
  }
  return Sha256OfText(text);
}

std::string IdentityOf(const PreparedFile& file) {
  return TraceIdentity(Sha256OfFile(file.path), file.companions);
}

PreparedFile PrepareTraceFile(const std::string& given, const std::string& path,
                              const FormatArgs& input, const TraceLabels& labels) {
  try {
    return Prepare(given, path, input, labels);
  } catch (const InputError& e) {
    if (given == path || e.file() != path) throw;
    throw InputError(given, e.line(), e.problem());  // stdin's copy is "-" to the user
  }
}

IngestFileOutcome IngestTraceFile(TraceLoader& loader, TraceRemover& remover,
                                  const PreparedFile& file, const IngestFileOptions& options,
                                  const IngestFileHooks& hooks) {
  IngestFileOutcome outcome;
  TraceInfo info = file.info;
  // The digest first only if the archive may hold the file already: it
  // holds no complete trace of that size otherwise.
  if (info.sha256.empty() && (!info.size_bytes || loader.HasCompleteOfSize(*info.size_bytes))) {
    info.sha256 = IdentityOf(file);
  }
  std::optional<int64_t> existing;
  if (!info.sha256.empty()) existing = loader.FindCompleteBySha(info.sha256);
  if (existing && !options.force) {
    outcome.trace_id = *existing;
    outcome.already_there = true;
    return outcome;
  }
  if (hooks.cancel != nullptr && hooks.cancel->load()) {
    throw IngestCancelled(file.given + ": load abandoned");
  }
  auto started = Clock::now();
  std::unique_ptr<TraceLoad> load = loader.BeginLoad(info);
  outcome.trace_id = load->id();
  auto loaded = started;
  try {
    std::optional<BackgroundDigest> digest;
    if (info.sha256.empty()) digest.emplace(file.path);
    IngestResult result = ReadRows(file, load->writer(), options, hooks);
    loaded = Clock::now();
    // The load's batches are freed, but glibc keeps their pages: given back
    // now, they are not counted again beside the publish's page cache.
    malloc_trim(0);
    if (hooks.on_publish) hooks.on_publish();
    TraceSummary summary = Summarize(file, result);
    summary.sha256 = digest ? TraceIdentity(digest->Get(), file.companions) : info.sha256;
    if (std::optional<int64_t> other = load->Publish(summary, existing)) {
      // Another ingest of the same content published first.
      outcome.trace_id = *other;
      outcome.already_there = true;
      return outcome;
    }
    outcome.rows = EntityRows(result.counts);
    outcome.skipped_lines = result.read.skipped.count;
    outcome.bytes = result.read.bytes;
  } catch (const IngestCancelled&) {
    // Not the file's fault: no failed row stays behind to say otherwise.
    load->Fail("load abandoned");
    load.reset();  // a PostgreSQL load holds the trace's lock until then
    try {
      remover.DeleteTrace(outcome.trace_id);
    } catch (const std::exception&) {
      // The row then stays, marked failed: still no rows, and the file
      // still has not been loaded, which is what the caller hears.
    }
    throw;
  } catch (const std::exception& e) {
    std::string message = AsGiven(file, e.what());
    load->Fail(message);
    throw IngestFailed(message);
  }
  outcome.replaced = existing;
  outcome.seconds = SecondsBetween(started, Clock::now());
  outcome.load_seconds = SecondsBetween(started, loaded);
  return outcome;
}

}  // namespace tracedb

// One trace file into an archive: what `tracedb ingest` does for each FILE
// and `tracedb watch` for each file that appears. In two steps:
//
//   PrepareTraceFile   format, size and Paraver companions
//   IngestTraceFile    skip it when the archive has that content already
//                      (same SHA-256), else load it as one trace: published,
//                      or failed
//
// The digest (the trace's identity: TraceIdentity) is computed by
// IngestTraceFile unless the caller set it (watch
// does, to act on it first): before the load when the archive holds a
// complete trace of the file's size, else beside the load, on another
// thread, and given to the trace row when it is published; a load of the
// same content published meanwhile still wins then (db/trace_loader.h).
//
// Nothing here prints; the callers say what happened. Errors end the file:
// InputError (FILE:LINE: problem) for bad input, DbError for the database,
// before the load begins; IngestFailed once it has (the trace row is then
// marked failed, and no rows remain). Thread-safe
// for different archives (each caller thread opens its own).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/trace_loader.h"
#include "db/trace_remover.h"
#include "format/trace_format.h"
#include "pipeline/ingest_pipeline.h"
#include "pipeline/trace_tags.h"

namespace tracedb {

// A trace file ready to load.
struct PreparedFile {
  std::string given;  // how messages name it ("-" for stdin)
  std::string path;   // where it is read (stdin's temporary copy)
  TraceInfo info;     // the trace row's facts: name, path, format, size; digest if set
  const TraceFormat* format = nullptr;
  std::vector<Companion> companions;  // absolute paths
  // The format's warnings about companions it is read without
  // (TraceFormat::lacks), and about a name that --tags-from-name does not
  // match, and about a --time-unit its format overrides, each "FILE:
  // problem", for the caller to show.
  std::vector<std::string> warnings;
};

// The trace's identity in the archive (trace.sha256), from `trace_digest`,
// the SHA-256 of the trace file: that digest itself when the trace has no
// companions, else the SHA-256 of the text "TRACE_DIGEST\n" followed by
// "ROLE DIGEST\n" for each companion it is read with (Paraver's .pcf and
// .row). The same .prv read with other companions, or without, is then
// another trace, as its rows differ.
std::string TraceIdentity(const std::string& trace_digest,
                          const std::vector<Companion>& companions);

// TraceIdentity of the file and its companions, read now. Throws
// InputError when one cannot be read.
std::string IdentityOf(const PreparedFile& file);

// What the command line says about how to read a trace file.
struct FormatArgs {
  std::string format = "auto";        // --format: "auto" or a format's name (pipeline/formats.h)
  std::vector<Companion> companions;  // --pcf, --row: roles "pcf", "row"
  // Whether the companions not given are looked for beside the trace. watch
  // gives those it claimed with it (file_claims.h), and no others: one
  // arriving later beside the trace in DIR may be half written.
  bool look_beside = true;
};

// Throws InputError (missing, a directory, a pipe or device, unreadable).
// `labels` name, comment and tag the trace row; a name that does not match
// --tags-from-name adds a warning.
PreparedFile PrepareTraceFile(const std::string& given, const std::string& path,
                              const FormatArgs& input, const TraceLabels& labels);

struct IngestFileOptions {
  IngestOptions pipeline;  // batch size, workers, -z, --on-error, --max-errors
  bool force = false;      // load it even when the archive has that content
};

// How a caller follows a load, and stops it, on the loading thread.
struct IngestFileHooks {
  // The progress after each block, and each skipped line and warning of
  // the trace, named as the file was given.
  IngestCallbacks pipeline;
  // Called once the rows are all written, before they are indexed and
  // published (the last, silent part of a load).
  std::function<void()> on_publish;
  // When set and it turns true while the file is read, the load stops: its
  // trace row is removed and IngestCancelled thrown. Not checked once the
  // rows are read: a trace that is being published is finished instead.
  const std::atomic<bool>* cancel = nullptr;
};

// Thrown when IngestFileHooks::cancel stopped a load; nothing of it remains.
struct IngestCancelled : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown when a load that had begun failed: the trace row says "failed"
// with what() as its error (the InputError's or DbError's text, naming the
// file as given).
struct IngestFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct IngestFileOutcome {
  int64_t trace_id = 0;             // the new trace, or the one that has this content
  bool already_there = false;       // skipped: the archive had it complete (not --force)
  std::optional<int64_t> replaced;  // --force: the trace it replaced
  int64_t rows = 0;                 // entity rows written
  uint64_t skipped_lines = 0;       // bad lines left out (--on-error skip)
  uint64_t bytes = 0;               // of trace text read (uncompressed)
  double seconds = 0;               // from BeginLoad to published
  double load_seconds = 0;          // of which reading and writing rows
};

// Loads through `loader`; `remover`, of the same archive, only takes back
// the trace row of a load that was cancelled (IngestCancelled).
IngestFileOutcome IngestTraceFile(TraceLoader& loader, TraceRemover& remover,
                                  const PreparedFile& file, const IngestFileOptions& options,
                                  const IngestFileHooks& hooks = {});

}  // namespace tracedb

// TraceFormat: what every trace format provides, so that the pipelines of
// dump, ingest and watch read any trace the same way (pipeline/formats.h
// lists the formats and picks one). A format is a folder under format/ that
// defines one TraceFormat: how it recognises its traces, which files beside
// a trace it also reads, and how it reads a trace into a Registry and an
// EntitySink (the simulator's output, model/entity.h).
//
// Threading: a TraceFormat is an immutable value of plain function pointers;
// any thread may call them. One `read` call runs on the calling thread and
// starts its own parser threads (ReadOptions::parse_workers), joined before
// it returns; the callbacks and the sink are called on the calling thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/block_reader.h"
#include "input/input_file.h"
#include "model/bad_lines.h"
#include "model/entity.h"
#include "model/input_error.h"
#include "model/latin1_text.h"
#include "sim/registry.h"
#include "sim/simulator.h"

namespace tracedb {

// How a trace is read, whichever its format.
struct ReadOptions {
  BlockReaderOptions blocks;   // block sizes (tests use small ones)
  int parse_workers = 0;       // threads parsing blocks; 0: all on the calling thread
  SimulatorOptions simulator;  // -z and user fields; formats without a simulator honour
                               // keep_extras too
  bool exact_seconds = false;  // refuse times that seconds in a double cannot store exactly
                               // (ingest: what is stored must read back the same)
  BadLineOptions bad_lines;    // default: the first bad line fails the read
};

// What a read tells its caller as it goes, on the reading thread; each may
// be unset, and nothing is said.
struct ReadCallbacks {
  // After each block, with the (uncompressed) bytes whose entities were all
  // emitted.
  std::function<void(uint64_t bytes_done)> on_block;
  // What the reader changed rather than refused: once for each file (the
  // trace, a companion) with bytes that are not UTF-8, read as Latin-1
  // (model/latin1_text.h), once that file is read through.
  std::function<void(const InputError& warning)> on_warning;
  // Each line skipped with OnError::kSkip, in file order (model/bad_lines.h).
  SkipCallback on_skip;
};

// Tells callbacks.on_warning of the lines of `file` read as Latin-1, if any.
inline void WarnOfLatin1(const ReadCallbacks& callbacks, const std::string& file,
                         const Latin1Lines& lines) {
  if (lines.count > 0 && callbacks.on_warning) callbacks.on_warning(Latin1Warning(file, lines));
}

struct ReadResult {
  uint64_t bytes = 0;  // uncompressed
  uint64_t lines = 0;
  uint64_t records = 0;  // events applied or records mapped
  double start_time = 0;  // the earliest time of an event, or the root's start
  double end_time = 0;
  SimulatorStats simulator;             // formats without a simulator leave it zero
  std::optional<std::string> metadata;  // a JSON object of the header's facts, if any
  SkippedLines skipped;                 // with OnError::kSkip
};

// A file read together with a trace: `role` names what it is for, as the
// command line's option does (Paraver's "pcf" labels, "row" names).
struct Companion {
  std::string role;
  std::string path;
};

// How sure a format is that a file is one of its traces; the surest wins.
enum class Likeness {
  kNo,         // not this format
  kFallback,   // could be (the name says so, or too little to tell); the reader's
               // errors will say what is wrong
  kPlausible,  // the first bytes fit, but other formats' could too (a '%' line)
  kByName,     // the name says so (NAME.prv): its reader says what is wrong with it
  kCertain,    // the first bytes carry the format's own signature ("#Paraver (")
};

struct TraceFormat {
  const char* name;     // --format NAME, and the trace row's `format`
  const char* title;    // how messages name it: "Pajé"
  const char* unit;     // of the times it stores: "s", or "" for the trace's own
  const char* records;  // what its reader counts: "events", "records"
  // Whether its read parses on ReadOptions::parse_workers; a reader of one
  // thread (OTF2's library) leaves them to the dump's text instead.
  bool parses_in_parallel;
  // From the first bytes (a UTF-8 byte order mark removed, through gzip)
  // and the path ("-" for stdin).
  Likeness (*detect)(std::string_view head, std::string_view path);
  // The files beside `trace` that its reader reads too; `given` (from the
  // command line) wins over what is found. Missing ones are no error.
  std::vector<Companion> (*companions)(const std::string& trace,
                                       const std::vector<Companion>& given);
  // One warning for each companion that `trace` is read without (`found`,
  // as companions gives them): the file that was looked for and what the
  // trace lacks without it. Empty when nothing is missing.
  std::vector<std::string> (*lacks)(const std::string& trace, const std::vector<Companion>& found);
  // Whether a file of that name is a companion of some trace of this
  // format, which moves with that trace rather than loading on its own.
  bool (*is_companion)(std::string_view name);
  // The trace a folder holds, for a format whose traces are folders
  // (OTF2: the archive's anchor file); nullopt when it holds none. nullptr
  // for formats of single files.
  std::optional<std::string> (*in_folder)(const std::string& folder);
  // Reads `input` and the `companions` into `registry` and `sink`, and ends
  // the trace (every entity emitted). Throws InputError (FILE:LINE).
  ReadResult (*read)(InputFile& input, const std::vector<Companion>& companions,
                     const ReadOptions& options, const ReadCallbacks& callbacks,
                     Registry* registry, EntitySink* sink);
};

}  // namespace tracedb

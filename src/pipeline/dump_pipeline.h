// DumpTrace: Pajé trace -> reader -> simulator -> pj_dump lines on `out`.
// Parsing runs on worker threads; simulation and output on the calling
// thread. Streaming: memory holds the blocks in flight and open entities.
// Throws InputError (FILE:LINE) on bad input, unless bad lines are skipped
// (model/bad_lines.h).
#pragma once

#include <cstdio>
#include <string>

#include "format/paje/paje_reader.h"
#include "input/input_file.h"
#include "sim/simulator.h"

namespace tracedb {

struct DumpPipelineOptions {
  bool user_fields = false;              // append user-defined fields (pj_dump -u)
  bool ignore_incomplete_links = false;  // drop incomplete links (pj_dump -z)
  paje::ReadOptions read;
  bool pre_resolve = true;  // parser workers resolve names ahead (sim/name_snapshot.h)
  BadLineOptions bad_lines;  // default: the first bad line fails the dump
};

struct DumpStats {
  uint64_t bytes = 0;
  uint64_t lines = 0;
  SimulatorStats simulator;
  SkippedLines skipped;
};

DumpStats DumpTrace(InputFile& input, const DumpPipelineOptions& options, std::FILE* out);

}  // namespace tracedb

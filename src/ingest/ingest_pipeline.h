// IngestTrace: one trace file into a database. The stages, each on its own
// thread and joined by bounded queues:
//
//   reader -> parser workers -> simulator (this thread) -> writer
//
// Memory is bounded by the queues (blocks in flight, batches in flight) plus
// what the simulator holds open. The first error of any stage stops them all
// and is rethrown here: an InputError (FILE:LINE) for bad input, a DbError
// for the database. With OnError::kSkip, bad lines are skipped instead
// (model/bad_lines.h) and counted in IngestResult::skipped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "format/paje/paje_reader.h"
#include "format/paraver/companion_files.h"
#include "ingest/batching_sink.h"
#include "ingest/row_writer.h"
#include "sim/simulator.h"

namespace tracedb {

struct IngestOptions {
  size_t batch_rows = 100'000;  // rows per writer transaction
  int parse_workers = 1;
  bool ignore_incomplete_links = false;
  BadLineOptions bad_lines;  // default: the first bad line fails the load
  // Called on the simulator's thread after each block, with bytes read so far.
  std::function<void(uint64_t bytes, int64_t rows)> progress;
};

struct IngestResult {
  uint64_t bytes = 0;  // uncompressed
  uint64_t lines = 0;
  RowCounts counts;
  double start_time = 0;
  double end_time = 0;
  SimulatorStats simulator;
  SkippedLines skipped;
  std::optional<std::string> metadata;  // JSON object of format-specific header facts
};

IngestResult IngestTrace(const std::string& path, RowWriter& writer,
                         const IngestOptions& options);

// The same for a Paraver trace and its companions (paraver-format.md); no
// simulator, the records map onto rows directly (format/paraver/).
IngestResult IngestParaverTrace(const paraver::ParaverFiles& files, RowWriter& writer,
                                const IngestOptions& options);

}  // namespace tracedb

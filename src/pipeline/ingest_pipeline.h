// IngestTrace: one trace into a database, whichever its format. The stages,
// each on its own thread and joined by bounded queues:
//
//   reader -> parser workers -> format's reader (this thread) -> writer
//
// Memory is bounded by the queues (blocks in flight, batches in flight) plus
// what the reader holds open. The first error of any stage stops them all
// and is rethrown here: an InputError (FILE:LINE) for bad input, a DbError
// for the database. With OnError::kSkip, bad lines are skipped instead
// (model/bad_lines.h) and counted in the result's read.skipped.
//
// Threading: one call per thread; it starts and joins its own threads. The
// writer's Write runs on the writer thread only.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "format/trace_format.h"
#include "input/input_file.h"
#include "model/row_writer.h"
#include "sink/batching_sink.h"
#include "summary/trace_summarizer.h"

namespace tracedb {

// How far a load is, for a progress display.
struct LoadProgress {
  uint64_t bytes = 0;    // of trace text read (uncompressed)
  int64_t rows = 0;      // entity rows emitted
  double fraction = -1;  // of the file on disk read (compressed for .gz); -1: size unknown
};

struct IngestOptions {
  // Workers, -z, bad lines. The ingest sets simulator.keep_extras and
  // exact_seconds (stored rows keep their user fields, and their times read
  // back the same), and reads blocks of at most 128 KiB (ingest_pipeline.cc).
  ReadOptions read;
  size_t batch_rows = kDefaultBatchRows;  // rows per writer batch
  uint32_t profile_bins = kDefaultProfileBins;  // state_profile's bins at most
};

// What a load tells its caller as it goes, on the reading thread.
struct IngestCallbacks {
  ReadCallbacks read;  // on_warning and on_skip; on_block is the load's own (progress)
  // Called after each block. It may throw to stop the load.
  std::function<void(const LoadProgress&)> progress;
};

struct IngestResult {
  ReadResult read;
  RowCounts counts;
  int64_t profile_bins = 0;  // the summaries' (options.profile_bins)
};

IngestResult IngestTrace(InputFile& input, const TraceFormat& format,
                         const std::vector<Companion>& companions, RowWriter& writer,
                         const IngestOptions& options, const IngestCallbacks& callbacks = {});

}  // namespace tracedb

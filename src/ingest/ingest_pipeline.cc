#include "ingest/ingest_pipeline.h"

#include <exception>
#include <thread>

#include "format/paraver/paraver_reader.h"
#include "input/input_file.h"
#include "pipeline/bounded_queue.h"
#include "pipeline/simulate_paje.h"

namespace tracedb {
namespace {

// Thrown into the simulator when the writer has stopped; the writer's own
// error is the one reported.
struct WriterStopped {};

constexpr size_t kBatchesInFlight = 3;

// The writer on its own thread, fed through a BatchingSink that
// `read(registry, sink, result)` fills on this thread.
template <typename Read>
IngestResult WithWriter(RowWriter& writer, const IngestOptions& options, Read read) {
  BoundedQueue<RowBatch> batches(kBatchesInFlight);
  BatchPool pool(kBatchesInFlight);
  std::exception_ptr writer_error;
  std::jthread write_thread([&] {
    try {
      while (auto batch = batches.Pop()) {
        writer.Write(*batch);
        pool.Give(std::move(*batch));
      }
    } catch (...) {
      writer_error = std::current_exception();
      batches.Cancel();
    }
  });

  Registry registry;
  BatchingSink sink(
      registry, options.batch_rows,
      [&](RowBatch&& batch) {
        if (!batches.Push(std::move(batch))) throw WriterStopped{};
      },
      &pool);
  IngestResult result;
  try {
    read(registry, sink, result);
    sink.Finish();
    batches.Close();
  } catch (const WriterStopped&) {
    // The writer failed first: its error is the one to report.
    write_thread.join();
    std::rethrow_exception(writer_error);
  } catch (...) {
    // The input failed first (even if the writer then failed too).
    batches.Cancel();
    write_thread.join();
    throw;
  }
  write_thread.join();
  if (writer_error) std::rethrow_exception(writer_error);
  result.counts = sink.counts();
  return result;
}

std::function<void(uint64_t)> Progress(const IngestOptions& options, const BatchingSink& sink) {
  if (!options.progress) return {};
  return [&options, &sink](uint64_t bytes) {
    const RowCounts& c = sink.counts();
    options.progress(bytes, c.containers + c.states + c.events + c.variables + c.links);
  };
}

}  // namespace

IngestResult IngestTrace(const std::string& path, RowWriter& writer,
                         const IngestOptions& options) {
  return WithWriter(writer, options, [&](Registry& registry, BatchingSink& sink,
                                         IngestResult& result) {
    InputFile file(path);
    SimulateResult run = SimulatePajeTrace(
        file,
        {.read = {.parse_workers = options.parse_workers},
         .simulator = {.ignore_incomplete_links = options.ignore_incomplete_links,
                       .keep_extras = true},
         .bad_lines = options.bad_lines,
         .on_block = Progress(options, sink)},
        &registry, &sink);
    result.bytes = run.read.bytes;
    result.lines = run.read.lines;
    result.start_time = registry.container(kRoot).start;
    result.end_time = run.end_time;
    result.simulator = run.simulator;
    result.skipped = std::move(run.skipped);
  });
}

IngestResult IngestParaverTrace(const paraver::ParaverFiles& files, RowWriter& writer,
                                const IngestOptions& options) {
  return WithWriter(writer, options, [&](Registry& registry, BatchingSink& sink,
                                         IngestResult& result) {
    paraver::ReadOptions read{.parse_workers = options.parse_workers,
                              .keep_extras = true,
                              .exact_seconds = true,
                              .on_block = Progress(options, sink),
                              .bad_lines = options.bad_lines};
    InputFile trace(files.trace);
    paraver::ReadResult stats = paraver::ReadParaverTrace(trace, files, read, &registry, &sink);
    result.bytes = stats.bytes;
    result.lines = stats.lines;
    result.start_time = 0;
    result.end_time = stats.end_time;
    result.metadata = std::move(stats.metadata);
    result.skipped = std::move(stats.skipped);
  });
}

}  // namespace tracedb

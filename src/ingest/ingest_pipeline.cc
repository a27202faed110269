#include "ingest/ingest_pipeline.h"

#include <exception>
#include <thread>

#include "pipeline/bounded_queue.h"
#include "sim/name_snapshot.h"

namespace tracedb {
namespace {

// Thrown into the simulator when the writer has stopped; the writer's own
// error is the one reported.
struct WriterStopped {};

constexpr size_t kBatchesInFlight = 3;

}  // namespace

IngestResult IngestTrace(const std::string& path, RowWriter& writer,
                         const IngestOptions& options) {
  BoundedQueue<RowBatch> batches(kBatchesInFlight);
  std::exception_ptr writer_error;
  std::jthread write_thread([&] {
    try {
      while (auto batch = batches.Pop()) writer.Write(*batch);
    } catch (...) {
      writer_error = std::current_exception();
      batches.Cancel();
    }
  });

  Registry registry;
  BatchingSink sink(registry, options.batch_rows, [&](RowBatch&& batch) {
    if (!batches.Push(std::move(batch))) throw WriterStopped{};
  });
  Simulator simulator({.ignore_incomplete_links = options.ignore_incomplete_links,
                       .keep_extras = true},
                      &registry, &sink);
  paje::ReadOptions read{.parse_workers = options.parse_workers};
  NameResolver resolver;
  read.prepare = [&](EventBatch& batch) { resolver.Resolve(batch); };
  read.on_block = [&](uint64_t bytes) {
    resolver.Publish(registry);
    if (!options.progress) return;
    const RowCounts& c = sink.counts();
    options.progress(bytes, c.containers + c.states + c.events + c.variables + c.links);
  };
  IngestResult result;
  try {
    auto stats = paje::ReadPajeTrace(path, [&](const Event& e) { simulator.Apply(e); }, read);
    try {
      simulator.Finish();
    } catch (const ProblemError& problem) {
      paje::RethrowWithFile(path, problem);
    }
    sink.Finish();
    batches.Close();
    result.bytes = stats.bytes;
    result.lines = stats.lines;
  } catch (...) {
    batches.Cancel();
    write_thread.join();
    if (writer_error) std::rethrow_exception(writer_error);
    throw;
  }
  write_thread.join();
  if (writer_error) std::rethrow_exception(writer_error);
  result.counts = sink.counts();
  result.start_time = registry.container(kRoot).start;
  result.end_time = simulator.end_time();
  result.simulator = simulator.stats();
  return result;
}

}  // namespace tracedb

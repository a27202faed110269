#include "pipeline/ingest_pipeline.h"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include "concurrency/bounded_queue.h"
#include "summary/long_states.h"
#include "summary/trace_summarizer.h"

namespace tracedb {
namespace {

// Thrown into the reader when the writer has stopped; the writer's own
// error is the one reported.
struct WriterStopped {};

constexpr size_t kBatchesInFlight = 3;

// An ingest reads in smaller blocks than dump: its simulator and writer,
// not the parsers, set its pace, and every block parsed ahead holds its
// events and tokens, about four times its text. SQLite ingest of the 100 MB
// trace of 50,000 containers, alternating with 1 MiB blocks: peak RSS
// 232-244 -> 213-225 MB with 256 KiB, 6 MB less again with 128 KiB, time
// the same; with 128 KiB, Paraver's 100 MB trace into SQLite and the
// 50,000 containers into PostgreSQL were no slower either. dump keeps
// 1 MiB: there the parsers keep pace with the simulator, and 512 KiB cost
// its 1 GB run 4%. (NameResolver's "after 64 blocks" rule for small
// registries now comes every 8 MiB of an ingest: copies of at most 64K
// names.)
constexpr size_t kIngestBlockBytes = 128 << 10;

// The writer on its own thread, fed through a BatchingSink that
// `read(registry, sink)` fills on this thread.
template <typename Read>
IngestResult WithWriter(RowWriter& writer, const IngestOptions& options, Read read) {
  BoundedQueue<RowBatch> batches(kBatchesInFlight);
  BatchPool pool(kBatchesInFlight);
  std::exception_ptr writer_error;
  // Set before the queue closes when the whole trace was read: only then do
  // the summaries go in (a cancelled queue ends the loop as well).
  std::atomic<bool> read_all = false;
  std::jthread write_thread([&] {
    try {
      // On the writer's thread: the simulator's is the busier one.
      TraceSummarizer summarizer(options.profile_bins);
      LongStates long_states;
      while (auto batch = batches.Pop()) {
        long_states.Mark(batch->states);
        summarizer.Add(*batch);
        writer.Write(*batch);
        pool.Give(std::move(*batch));
      }
      if (!read_all) return;
      pool.Drop();  // the summaries' memory instead
      malloc_trim(0);
      summarizer.Finish(options.batch_rows, [&](const RowBatch& rows) { writer.Write(rows); });
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
      &pool, writer.json_store());
  IngestResult result;
  try {
    result.read = read(registry, sink);
    sink.Finish();
    read_all = true;
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
  result.profile_bins = options.profile_bins;
  return result;
}

std::function<void(uint64_t)> Progress(const IngestCallbacks& callbacks, const InputFile& input,
                                       const BatchingSink& sink) {
  if (!callbacks.progress) return {};
  return [&callbacks, &input, &sink](uint64_t bytes) {
    const RowCounts& c = sink.counts();
    uint64_t size = input.size_on_disk();
    double fraction =
        size == 0 ? -1 : std::min(1.0, static_cast<double>(input.consumed_on_disk()) / size);
    callbacks.progress({.bytes = bytes,
                      .rows = c.containers + c.states + c.events + c.variables + c.links,
                      .fraction = fraction});
  };
}

}  // namespace

IngestResult IngestTrace(InputFile& input, const TraceFormat& format,
                         const std::vector<Companion>& companions, RowWriter& writer,
                         const IngestOptions& options, const IngestCallbacks& callbacks) {
  return WithWriter(writer, options, [&](Registry& registry, BatchingSink& sink) {
    ReadOptions read = options.read;
    read.simulator.keep_extras = true;
    read.exact_seconds = true;
    read.blocks.block_size = std::min(read.blocks.block_size, kIngestBlockBytes);
    ReadCallbacks read_callbacks = callbacks.read;
    read_callbacks.on_block = Progress(callbacks, input, sink);
    return format.read(input, companions, read, read_callbacks, &registry, &sink);
  });
}

}  // namespace tracedb

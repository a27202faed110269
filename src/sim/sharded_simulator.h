// ShardedSimulator: the Pajé simulation on several threads, with the one-
// thread Simulator's output exactly: the same rows in the same order, the
// same refusals, the first error in file order the one reported.
//
// The reading thread runs the sequencer, a Simulator in sharded mode: it
// resolves names and ids in file order, owns the registry and the container
// tree, and makes every check that reads them. What belongs to one
// container (state stacks, variable intervals, link halves, their checks
// and rows: sim/shard_replay.h) goes, as a ShardMessage, to the worker
// that owns the container (its id modulo the workers), which keeps its
// containers' tracks. A link is matched in the track of the container that
// holds it, so both halves meet on one worker. A container's end (and its
// children's, each a message of its own) is a message too. Messages go out
// in epochs of kEpochMessages; each worker sends back its rows and refusals
// tagged with their message, and the reading thread hands them to the sink
// and to BadLines in the epoch's order: the output is the one thread's,
// byte for byte. A message points to its event where the reader keeps the
// event's block (Keep), else carries a copy (lines the parsers deferred).
//
// What the sequencer cannot know without the workers, it waits for
// (Settle: every message simulated and handed on): a value the trace uses
// before defining it (made on the fly, and only if the event is accepted);
// a container's last event time at its DestroyContainer, with
// OnError::kSkip (a refused event does not count); a bad line from the
// parser or the sequencer, whose report must follow the workers' earlier
// ones (BadLines::SetBeforeReport); the end of the trace.
//
// What it costs and gains (README, "Dump on many cores"): the reading
// thread keeps the sequencer's work, the hand-off (about 150 instructions
// an event), the merge and the sink: 197 M instructions of the 10 MB bench
// trace against the one-thread simulation's 231 M.
//
// Threading: Apply, Keep, Settle and Finish on the reading thread, which
// also calls the sink, BadLines and the registry; `workers` threads of its
// own, which touch only their containers' tracks and the events kept for
// them, and are joined by the destructor. A failure ends the read, as the
// Simulator's: errors reach the caller as TraceProblemError (a refused line
// reported to `bad_lines`, which threw, or an incomplete link) or as what
// the sink threw.
#pragma once

#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "concurrency/bounded_queue.h"
#include "model/bad_lines.h"
#include "model/chunked_vector.h"
#include "sim/recorded_rows.h"
#include "sim/shard_dispatch.h"
#include "sim/shard_replay.h"
#include "sim/simulator.h"

namespace tracedb {

class ShardedSimulator final : private ShardDispatch {
 public:
  // workers >= 1. Throws std::system_error, starting nothing, when a thread
  // cannot start.
  ShardedSimulator(SimulatorOptions options, int workers, Registry* registry, EntitySink* sink,
                   BadLines* bad_lines);
  ~ShardedSimulator() override;
  ShardedSimulator(const ShardedSimulator&) = delete;
  ShardedSimulator& operator=(const ShardedSimulator&) = delete;

  // The events in [begin, end) will stay as they are for as long as
  // `owner` lives: their messages point to them instead of copying their
  // texts. Kept until every epoch that may point to them is handed on.
  void Keep(std::shared_ptr<const void> owner, const Event* begin, const Event* end);
  // Events in file order; a refused one goes to `bad_lines` (in its place).
  void Apply(const Event& e);
  // Every event applied so far is simulated, its rows and refusals handed on.
  void Settle();
  // The end of the trace, as Simulator::Finish; settled when it returns.
  void Finish();

  double end_time() const { return sequencer_.end_time(); }
  std::optional<double> first_time() const { return sequencer_.first_time(); }
  const SimulatorStats& stats() const { return sequencer_.stats(); }

  static constexpr size_t kEpochMessages = 4096;
  static constexpr size_t kEpochsInFlight = 4;

 private:
  struct Work {
    ShardBatch batch;
    RecordedRows rows;  // handed on before: cleared and filled again by the worker
  };
  struct Done {
    ShardBatch spent;  // the Work's, empty, for another epoch
    RecordedRows rows;
    ShardTally tally;
    std::exception_ptr failure;
  };
  struct Worker {
    BoundedQueue<Work> in{kEpochsInFlight + 1};
    BoundedQueue<Done> out{kEpochsInFlight + 1};
    // The tracks of its containers (id / workers), made as they come;
    // touched by the reading thread only while the worker is idle.
    ChunkedVector<LiveContainer> live;
    std::thread thread;
  };
  // The messages of one epoch: each one's worker, in file order.
  struct Epoch {
    std::vector<uint16_t> order;
    std::vector<uint16_t> workers;  // those that got messages
    std::vector<std::shared_ptr<const void>> kept;  // what its messages point into
  };

  // ShardDispatch, called by the sequencer.
  void Entity(const Event& e, uint32_t container, uint32_t type, int64_t end) override;
  void End(uint32_t container, double start, double time, uint64_t line, Extras extras,
           bool touched) override;
  double LastEventTime(uint32_t container, double assumed) override;

  // A message for `e`, pointing to it if `kept`, else with its fields copied.
  void Add(ShardBatch& batch, const Event& e, bool kept, uint32_t container, uint32_t type,
           int64_t end, uint32_t value);
  // The container's tracks, made if new: on its worker, or on the reading
  // thread while the workers are idle.
  LiveContainer& LiveOf(uint32_t container) const;
  // An event whose Value is not defined yet: checked and applied here, once
  // the workers are idle, making the value only if it is accepted.
  void ApplyHere(ShardBatch one, std::string_view value);
  // The open epoch's batch of the container's worker, for one more
  // message; Sent once it is added.
  ShardBatch& BatchOf(uint32_t container) {
    auto worker = static_cast<uint16_t>(container % workers_.size());
    open_.order.push_back(worker);
    return pending_[worker];
  }
  void Sent();
  void Submit();
  void MergeOldest();
  void Refused(const Refusal& refusal);
  // bad_lines->Report, whose ProblemError becomes a TraceProblemError: the
  // line is reported already and must not be reported again.
  void Report(uint64_t line, const std::string& problem);
  void Run(Worker& worker) const;
  // False once a message could not go on (an incomplete link).
  bool Simulate(Work& work, Done& done) const;
  void Stop();

  SimulatorOptions options_;
  Registry* registry_;
  EntitySink* sink_;
  BadLines* bad_lines_;
  Simulator sequencer_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<ShardBatch> pending_;  // the open epoch's, per worker
  std::vector<ShardBatch> spares_;   // empty, with their capacity
  std::vector<RecordedRows> replayed_;  // per worker, for its next Work
  Epoch open_;
  std::deque<Epoch> in_flight_;
  bool merging_ = false;
  // Keep's: the current block, those replaced since the last epoch went out.
  std::shared_ptr<const void> kept_;
  const Event* kept_begin_ = nullptr;
  const Event* kept_end_ = nullptr;
  std::vector<std::shared_ptr<const void>> kept_before_;
};

}  // namespace tracedb

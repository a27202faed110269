#include "sim/sharded_simulator.h"

#include <cmath>
#include <functional>
#include <utility>

#include "model/input_error.h"

namespace tracedb {
namespace {

// The kinds whose Value must name a value when they are applied.
bool NeedsValue(EventKind kind) {
  switch (kind) {
    case EventKind::kSetState:
    case EventKind::kPushState:
    case EventKind::kNewEvent:
    case EventKind::kStartLink:
    case EventKind::kEndLink:
      return true;
    default:
      return false;
  }
}

// Clears a flag when the scope ends, whether or not it throws.
class Raised {
 public:
  explicit Raised(bool* flag) : flag_(flag) { *flag_ = true; }
  ~Raised() { *flag_ = false; }
  Raised(const Raised&) = delete;
  Raised& operator=(const Raised&) = delete;

 private:
  bool* flag_;
};

}  // namespace

ShardedSimulator::ShardedSimulator(SimulatorOptions options, int workers, Registry* registry,
                                   EntitySink* sink, BadLines* bad_lines)
    : options_(options),
      registry_(registry),
      sink_(sink),
      bad_lines_(bad_lines),
      sequencer_(options, registry, static_cast<ShardDispatch*>(this)),
      pending_(workers),
      replayed_(workers) {
  try {
    for (int i = 0; i < workers; ++i) {
      workers_.push_back(std::make_unique<Worker>());
      Worker& worker = *workers_.back();
      worker.thread = std::thread([this, &worker] { Run(worker); });
    }
  } catch (...) {
    Stop();
    throw;
  }
}

ShardedSimulator::~ShardedSimulator() { Stop(); }

void ShardedSimulator::Stop() {
  for (auto& worker : workers_) {
    worker->in.Cancel();
    worker->out.Cancel();
  }
  for (auto& worker : workers_) {
    if (worker->thread.joinable()) worker->thread.join();
  }
}

void ShardedSimulator::Apply(const Event& e) {
  try {
    sequencer_.Apply(e);
  } catch (const TraceProblemError&) {
    throw;
  } catch (const ProblemError& problem) {
    Settle();  // the workers' refusals of earlier lines first
    Report(problem.line(), problem.problem());
  }
}

void ShardedSimulator::Settle() {
  if (merging_) return;  // a report made while handing on: in its place already
  if (!open_.order.empty()) Submit();
  while (!in_flight_.empty()) MergeOldest();
}

void ShardedSimulator::Finish() {
  Settle();  // every time reached, for the end of the trace
  sequencer_.Finish();
  Settle();
}

// --- the sequencer's side -------------------------------------------------

void ShardedSimulator::Keep(std::shared_ptr<const void> owner, const Event* begin,
                            const Event* end) {
  if (kept_) kept_before_.push_back(std::move(kept_));
  kept_ = std::move(owner);
  kept_begin_ = begin;
  kept_end_ = end;
}

void ShardedSimulator::Entity(const Event& e, uint32_t container, uint32_t type, int64_t end) {
  uint32_t value = kUnresolved;
  if (NeedsValue(e.kind)) {
    value = e.value_id != kUnresolved ? e.value_id : registry_->ValueIdOf(type, e.Get(Field::kValue));
    if (value == kUnresolved) {
      ShardBatch one;
      Add(one, e, false, container, type, end, value);
      return ApplyHere(std::move(one), e.Get(Field::kValue));
    }
  }
  std::less<const Event*> before;
  bool kept = !before(&e, kept_begin_) && before(&e, kept_end_);
  Add(BatchOf(container), e, kept, container, type, end, value);
  Sent();
}

void ShardedSimulator::Add(ShardBatch& batch, const Event& e, bool kept, uint32_t container,
                           uint32_t type, int64_t end, uint32_t value) {
  bool extras = options_.keep_extras && e.extra_count() > 0;
  ShardMessage& m = batch.messages.emplace_back(ShardMessage{.event = kept ? &e : nullptr,
                                                             .container = container,
                                                             .type = type,
                                                             .value = value,
                                                             .copy = 0,
                                                             .end = end,
                                                             .kind = e.kind,
                                                             .extras = extras});
  if (kept) return;  // its worker reads it in place
  m.copy = static_cast<uint32_t>(batch.copies.size());
  batch.copies.push_back(CopyOf(e, extras));
}

void ShardedSimulator::End(uint32_t container, double start, double time, uint64_t line,
                           Extras extras, bool touched) {
  ShardBatch& batch = BatchOf(container);
  batch.messages.push_back(ShardMessage{.event = nullptr,
                                        .container = container,
                                        .type = 0,
                                        .value = kUnresolved,
                                        .copy = static_cast<uint32_t>(batch.copies.size()),
                                        .end = kNoContainer,
                                        .kind = EventKind::kDestroyContainer,
                                        .extras = false});
  batch.copies.push_back(CopiedEvent{.line = line,
                                     .time = time,
                                     .number = start,
                                     .touched = touched,
                                     .extras = std::move(extras)});
  Sent();
}

double ShardedSimulator::LastEventTime(uint32_t container, double assumed) {
  // Failing at the first refusal, the sequencer's time is right up to it.
  if (bad_lines_->on_error() == OnError::kFail) return assumed;
  Settle();
  double last = LiveOf(container).last_event_time;
  // None yet: its creation, at its start.
  return std::isnan(last) ? registry_->container(container).start : last;
}

LiveContainer& ShardedSimulator::LiveOf(uint32_t container) const {
  Worker& worker = *workers_[container % workers_.size()];
  size_t index = container / workers_.size();
  while (worker.live.size() <= index) {
    worker.live.push_back(LiveContainer{.last_event_time = std::nan("")});
  }
  return worker.live[index];
}

void ShardedSimulator::ApplyHere(ShardBatch one, std::string_view value) {
  Settle();
  ShardMessage& m = one.messages.front();
  LiveContainer& live = LiveOf(m.container);
  LinkPreview preview{LinkOutcome::kPending};
  if (auto refusal = CheckOnShard(ViewOf(one, m), live, &preview)) return Refused(*refusal);
  // Values never declared are made on the fly, named by their identifier.
  m.value = registry_->AddValue({.name = std::string(value), .alias = "", .type = m.type});
  ShardTally tally;
  ReplayOnShard(one, 0, live, options_.ignore_incomplete_links, *sink_, tally);
  sequencer_.Absorb(tally);
}

void ShardedSimulator::Sent() {
  if (open_.order.size() >= kEpochMessages) Submit();
}

void ShardedSimulator::Submit() {
  for (uint16_t i = 0; i < workers_.size(); ++i) {
    if (pending_[i].messages.empty()) continue;
    open_.workers.push_back(i);
    ShardBatch next;
    if (!spares_.empty()) {
      next = std::move(spares_.back());
      spares_.pop_back();
    }
    workers_[i]->in.Push(
        Work{std::exchange(pending_[i], std::move(next)), std::exchange(replayed_[i], {})});
  }
  // The blocks whose events this epoch may point to: those replaced since
  // the last one, and the current block, which later epochs keep too.
  open_.kept = std::exchange(kept_before_, {});
  if (kept_) open_.kept.push_back(kept_);
  in_flight_.push_back(std::exchange(open_, {}));
  while (in_flight_.size() > kEpochsInFlight) MergeOldest();
}

void ShardedSimulator::MergeOldest() {
  Raised merging(&merging_);
  Epoch epoch = std::move(in_flight_.front());
  in_flight_.pop_front();
  std::vector<Done> done(workers_.size());
  for (uint16_t i : epoch.workers) {
    std::optional<Done> result = workers_[i]->out.Pop();
    if (!result) throw std::logic_error("a simulation worker stopped");
    if (result->failure) std::rethrow_exception(result->failure);
    done[i] = std::move(*result);
  }
  std::vector<uint32_t> message(workers_.size(), 0);
  std::vector<size_t> next(workers_.size(), 0);
  auto refused = [this](const Refusal& refusal) { Refused(refusal); };
  for (uint16_t i : epoch.order) done[i].rows.Replay(message[i]++, &next[i], *sink_, refused);
  for (uint16_t i : epoch.workers) {
    sequencer_.Absorb(done[i].tally);
    spares_.push_back(std::move(done[i].spent));
    replayed_[i] = std::move(done[i].rows);  // freed by the worker, not here
  }
}

void ShardedSimulator::Refused(const Refusal& refusal) {
  std::string problem = RefusalProblem(refusal, *registry_);
  if (refusal.kind == RefusalKind::kIncompleteLink) throw TraceProblemError(refusal.line, problem);
  Report(refusal.line, problem);
}

void ShardedSimulator::Report(uint64_t line, const std::string& problem) {
  try {
    bad_lines_->Report(line, problem);
  } catch (const ProblemError& failed) {
    throw TraceProblemError(failed.line(), failed.problem());
  }
}

// --- the workers' side ------------------------------------------------------

void ShardedSimulator::Run(Worker& worker) const {
  bool stopped = false;
  while (std::optional<Work> work = worker.in.Pop()) {
    Done done{.rows = std::move(work->rows)};
    done.rows.clear();
    try {
      if (!stopped) stopped = !Simulate(*work, done);
    } catch (...) {
      done.failure = std::current_exception();
      stopped = true;
    }
    work->batch.clear();  // freed here, not on the sequencer's thread
    done.spent = std::move(work->batch);
    if (!worker.out.Push(std::move(done))) return;
  }
}

bool ShardedSimulator::Simulate(Work& work, Done& done) const {
  for (uint32_t i = 0; i < work.batch.messages.size(); ++i) {
    done.rows.StartMessage(i);
    auto refusal = ReplayOnShard(work.batch, i, LiveOf(work.batch.messages[i].container),
                                 options_.ignore_incomplete_links, done.rows, done.tally);
    if (!refusal) continue;
    bool fatal = refusal->kind == RefusalKind::kIncompleteLink;
    done.rows.OnRefusal(std::move(*refusal));
    if (fatal) return false;
  }
  return true;
}

}  // namespace tracedb

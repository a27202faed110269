// The records of a gen_prv trace (prv_generator.h): one discrete-event simulation of all threads,
// each due at the end of its current activity; the earliest goes next, so records come out in
// time order.
#include "prv_generator.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "gen_rng.h"
#include "prv_header.h"
#include "prv_vocabulary.h"

namespace tracedb::bench::prv {
namespace {

// Rough bytes of one thread's last (open) state and its event record, used to stop early
// enough that the closing records land near --size.
constexpr std::uint64_t kClosingBytesPerThread = 110;

struct Thread {
  std::string where;  // "CPU:1:TASK:THREAD", how every record of this thread starts
  std::uint32_t task;
  std::uint32_t cpu;
  bool calls_mpi;  // thread 1 of its task; the others are OpenMP workers
  Activity activity = kStart;
  std::uint64_t since = 0;         // when the current activity began
  std::uint64_t counter_base = 0;  // the timestamp counter's value at time 0
};

class Generator {
 public:
  Generator(const Options& options, Output& out)
      : options_(options), layout_(options), out_(out), rng_(options.seed) {
    MakeThreads();
  }

  // Writes the whole trace with `header_end` as the header's END_TIME.
  Counts Run(std::uint64_t header_end) {
    WriteHeader(out_, layout_, header_end);
    const std::uint64_t body_start = out_.Bytes();
    const std::uint64_t budget = BodyBudget(options_.target_bytes);
    for (std::uint32_t i = 0; i < threads_.size(); ++i) due_.push({0, i});
    while (out_.Bytes() - body_start + ClosingBytes() < budget) Step();
    Finish();
    out_.Flush();
    counts_.bytes = out_.Bytes();
    return counts_;
  }

 private:
  using Due = std::pair<std::uint64_t, std::uint32_t>;  // (time, thread): ties go by thread

  void MakeThreads() {
    for (std::uint32_t t = 0; t < layout_.tasks; ++t) {
      for (std::uint32_t h = 0; h < layout_.threads_per_task; ++h) {
        Thread thread{.task = t, .cpu = layout_.CpuOf(t, h), .calls_mpi = h == 0};
        thread.where = std::to_string(thread.cpu) + ":1:" + std::to_string(t + 1) + ":" +
                       std::to_string(h + 1);
        // Thread 1.1.1's first reading is exactly 2^64 - 1; the others start anywhere.
        thread.counter_base = threads_.empty() ? UINT64_MAX : rng_.Next();
        threads_.push_back(std::move(thread));
      }
    }
  }

  // The bytes the body may take: --size less the header, as written with END_TIME 0 so that
  // both runs stop at the same record whatever the end turns out to be.
  std::uint64_t BodyBudget(std::uint64_t target) const {
    Output counter(nullptr, kCountingBufferBytes);
    WriteHeader(counter, layout_, 0);
    const std::uint64_t header = counter.Bytes();
    return target > header ? target - header : 0;
  }

  std::uint64_t ClosingBytes() const { return threads_.size() * kClosingBytesPerThread; }

  // --- body -------------------------------------------------------------------------------

  void Step() {
    const auto [now, index] = due_.top();
    due_.pop();
    const std::uint64_t until = Change(threads_[index], now, false);
    due_.push({until, index});
  }

  // Every thread enters one last activity that the trace leaves open, in time order.
  void Finish() {
    while (!due_.empty()) {
      const auto [now, index] = due_.top();
      due_.pop();
      Change(threads_[index], now, true);
    }
  }

  // The thread leaves its activity at `now` for the next one; returns when that one ends.
  std::uint64_t Change(Thread& thread, std::uint64_t now, bool open) {
    const Activity from = thread.activity;
    const Activity to = NextActivity(thread);
    const ActivityInfo& info = kActivities[to];
    const std::uint64_t until = now + info.min_ns + rng_.Below(info.max_ns - info.min_ns + 1);
    WriteState(thread, now, open ? std::nullopt : std::optional(until), info.state);
    WriteEvents(thread, now, from, to);
    if (info.sends && !open) WriteCommunication(thread, now, until);
    thread.activity = to;
    thread.since = now;
    See(open ? now : until);
    return until;
  }

  Activity NextActivity(const Thread& thread) {
    switch (thread.activity) {
      case kStart:
        return thread.calls_mpi ? kCompute : kNotCreated;
      case kCompute: {
        const std::uint32_t r = rng_.Below(100);
        for (const auto& [up_to, call] : kMpiMix) {
          if (r < up_to) return call;
        }
        return kReduce;
      }
      case kNotCreated:
      case kOmpBarrier:
      case kOmpScheduling:
      case kOmpIdle:
        return kOmpWork;
      case kOmpWork: {
        const std::uint32_t r = rng_.Below(100);
        return r < 60 ? kOmpBarrier : r < 85 ? kOmpScheduling : kOmpIdle;
      }
      default:  // an MPI call
        return kCompute;
    }
  }

  void See(std::uint64_t time) { counts_.end_ns = std::max(counts_.end_ns, time); }

  // "1:CPU:APPL:TASK:THREAD:BEGIN:END:STATE", END -1 when open.
  void WriteState(const Thread& thread, std::uint64_t begin, std::optional<std::uint64_t> end,
                  std::uint32_t value) {
    BeginRecord('1', thread);
    out_.PutUint(begin);
    out_.Put(':');
    if (end) {
      out_.PutUint(*end);
    } else {
      out_.Put("-1");
      ++counts_.open_states;
    }
    out_.Put(':');
    out_.PutUint(value);
    out_.Put('\n');
    ++counts_.states;
  }

  // "2:CPU:APPL:TASK:THREAD:TIME:TYPE:VALUE:TYPE:VALUE...": leaving `from`, entering `to`, and
  // the counters over `from`. A worker that comes into being has nothing to say yet.
  void WriteEvents(const Thread& thread, std::uint64_t now, Activity from, Activity to) {
    if (from == kStart && to == kNotCreated) return;
    BeginRecord('2', thread);
    out_.PutUint(now);
    const ActivityInfo& left = kActivities[from];
    const ActivityInfo& entered = kActivities[to];
    if (left.type != 0) Pair(left.type, 0);
    if (from == kStart) Pair(type::kApplication, 1);
    if (entered.type != 0) Pair(entered.type, EnteredValue(entered));
    if (from != kStart && from != kNotCreated) Counters(left, now - thread.since);
    Pair(type::kTimestampCounter, thread.counter_base + now * kCyclesPerTwoNs / 2);
    if (rng_.Percent(3))
      SignedPair(type::kUserValue, static_cast<std::int64_t>(rng_.Below(2001)) - 1000);
    out_.Put('\n');
    ++counts_.event_records;
  }

  std::uint64_t EnteredValue(const ActivityInfo& entered) {
    return entered.type == type::kOmpFunction ? 1 + rng_.Below(kOmpFunctions) : entered.value;
  }

  // Cycles and instructions over the activity just left; L1 misses one time in two.
  void Counters(const ActivityInfo& left, std::uint64_t ns) {
    const std::uint64_t cycles = ns * kCyclesPerTwoNs / 2 + rng_.Below(64);
    const std::uint64_t instructions = cycles * left.ipc_percent / 100;
    Pair(type::kInstructions, instructions);
    Pair(type::kCycles, cycles);
    if (rng_.Percent(50)) Pair(type::kL1Misses, instructions / (32 + rng_.Below(96)));
  }

  void Pair(std::int64_t type, std::uint64_t value) {
    out_.Put(':');
    out_.PutInt(type);
    out_.Put(':');
    out_.PutUint(value);
    ++counts_.events;
    if (type::MarksIntervals(type))
      ++(value == 0 ? counts_.interval_closes : counts_.interval_opens);
    if (type::IsCounter(type)) ++counts_.counter_samples;
  }

  void SignedPair(std::int64_t type, std::int64_t value) {
    out_.Put(':');
    out_.PutInt(type);
    out_.Put(':');
    out_.PutInt(value);
    ++counts_.events;
  }

  // "3:CPU:APPL:TASK:THREAD:LSEND:PSEND:CPU:APPL:TASK:THREAD:LRECV:PRECV:SIZE:TAG" to the main
  // thread of another task, mostly a neighbour. The message leaves during the send call; the
  // receive was posted up to 50 us before or after it; it arrives after latency plus size.
  void WriteCommunication(const Thread& sender, std::uint64_t now, std::uint64_t until) {
    const Thread& receiver = threads_[Partner(sender.task) * layout_.threads_per_task];
    const std::uint64_t size = std::uint64_t{8} << rng_.Below(18);
    const std::uint64_t physical_send = now + rng_.Below(static_cast<std::uint32_t>(until - now));
    const std::uint64_t posted = rng_.Below(50'000);
    const std::uint64_t logical_recv =
        rng_.Percent(40) && posted <= now ? now - posted : now + posted;
    const std::uint64_t physical_recv =
        std::max(physical_send, logical_recv) + 1'500 + size / 8 + rng_.Below(3'000);
    BeginRecord('3', sender);
    for (std::uint64_t t : {now, physical_send}) {
      out_.PutUint(t);
      out_.Put(':');
    }
    out_.Put(receiver.where);
    for (std::uint64_t v : {logical_recv, physical_recv, size}) {
      out_.Put(':');
      out_.PutUint(v);
    }
    out_.Put(':');
    out_.PutUint(rng_.Percent(70) ? rng_.Below(16) : 1000 + rng_.Below(9000));
    out_.Put('\n');
    See(std::max(logical_recv, physical_recv));
    ++counts_.communications;
  }

  // 70% a ring neighbour, else any other task.
  std::uint32_t Partner(std::uint32_t task) {
    const std::uint32_t n = layout_.tasks;
    if (rng_.Percent(70)) return rng_.Percent(50) ? (task + 1) % n : (task + n - 1) % n;
    return (task + 1 + rng_.Below(n - 1)) % n;
  }

  // "K:CPU:APPL:TASK:THREAD:"
  void BeginRecord(char kind, const Thread& thread) {
    out_.BeginLine();
    out_.Put(kind);
    out_.Put(':');
    out_.Put(thread.where);
    out_.Put(':');
  }

  const Options options_;
  const Layout layout_;
  Output& out_;
  Rng rng_;
  std::vector<Thread> threads_;
  std::priority_queue<Due, std::vector<Due>, std::greater<Due>> due_;
  Counts counts_;
};

}  // namespace

Counts WriteTrace(const Options& options, Output& out, std::uint64_t header_end) {
  return Generator(options, out).Run(header_end);
}

}  // namespace tracedb::bench::prv

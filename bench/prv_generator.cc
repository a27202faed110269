// gen_prv: writes a synthetic Paraver trace of a chosen size, for benchmarking tracedb.
//
//   gen_prv --size SIZE [--seed N] [--nodes N] [--tasks N] [--threads-per-task N] [--out FILE]
//
// The trace looks like Extrae's of a hybrid MPI+OpenMP run (nanoseconds, one application):
// thread 1 of every task alternates computation and MPI calls (point-to-point and collective),
// the other threads are OpenMP workers alternating parallel functions and synchronisation.
// Every change of activity writes a state record ("1:..."), and an event record ("2:...") whose
// pairs leave the old activity, enter the new one and read hardware counters; among them a
// free-running 64-bit counter that wraps, so values reach 2^64 - 1 (thread 1.1.1 starts there),
// and now and then a signed user value. Sends also write a communication record ("3:...").
// Records come in the order of their (begin) time, as in a merged Extrae trace; a message's
// physical send and its receive come a little later than its logical send, and a receive may be
// posted before the send. When the size is reached, every thread writes one last state that is
// still open (END -1). The header's communicators are MPI_COMM_WORLD and one MPI_COMM_SELF.
//
// Valid under ../shared/docs/paraver-format.md by construction: every record names a thread of
// the header and the CPU that thread is pinned to (tasks are laid out in blocks over the nodes,
// one CPU per thread); every state ends after it begins; the header's END_TIME is the largest
// time of any record. That end must be in the first line, so the trace is generated twice from
// the same seed: once into a counting Output that only learns the end, then for real.
//
// Output: stdout, or FILE with FILE's companions beside it (NAME.pcf labelling every state,
// event type and MPI value; NAME.row naming nodes and CPUs), named as tracedb looks for them.
// On stderr, one line with what was written ("gen_prv: bytes=... states=... events=..."), the
// figures a tracedb dump of the trace must match. The same seed always gives the same bytes.
//
// Single-threaded; all state lives in one Generator.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gen_args.h"
#include "gen_output.h"
#include "gen_rng.h"

namespace {

using tracedb::bench::Output;
using tracedb::bench::ParseSize;
using tracedb::bench::ParseUint;
using tracedb::bench::Rng;
using tracedb::bench::WriteOutput;

constexpr std::size_t kBufferBytes = 16u << 20;
constexpr std::size_t kCountingBufferBytes = 64u << 10;  // nothing is written: stay in cache
constexpr std::uint32_t kMaxThreads = 1u << 20;
// Rough bytes of one thread's last (open) state and its event record, used to stop early
// enough that the closing records land near --size.
constexpr std::uint64_t kClosingBytesPerThread = 110;

// ---------------------------------------------------------------------------------------------
// What the trace can hold: Paraver state values and event types, with the labels of the .pcf.

namespace state {
constexpr std::uint32_t kIdle = 0;
constexpr std::uint32_t kRunning = 1;
constexpr std::uint32_t kNotCreated = 2;
constexpr std::uint32_t kWaitingMessage = 3;
constexpr std::uint32_t kBlockingSend = 4;
constexpr std::uint32_t kSynchronization = 5;
constexpr std::uint32_t kScheduling = 7;
constexpr std::uint32_t kWaitAll = 8;
constexpr std::uint32_t kImmediateSend = 10;
constexpr std::uint32_t kImmediateReceive = 11;
constexpr std::uint32_t kGroupCommunication = 13;
constexpr std::uint32_t kSendReceive = 16;
}  // namespace state

struct StateLabel {
  std::uint32_t value;
  std::string_view label;
  std::string_view color;
};

constexpr StateLabel kStateLabels[] = {
    {state::kIdle, "Idle", "{117,195,255}"},
    {state::kRunning, "Running", "{0,0,255}"},
    {state::kNotCreated, "Not created", "{255,255,255}"},
    {state::kWaitingMessage, "Waiting a message", "{255,0,0}"},
    {state::kBlockingSend, "Blocking Send", "{255,0,174}"},
    {state::kSynchronization, "Synchronization", "{179,0,0}"},
    {state::kScheduling, "Scheduling and Fork/Join", "{255,255,0}"},
    {state::kWaitAll, "Wait/WaitAll", "{235,0,0}"},
    {state::kImmediateSend, "Immediate Send", "{255,144,26}"},
    {state::kImmediateReceive, "Immediate Receive", "{2,255,177}"},
    {state::kGroupCommunication, "Group Communication", "{255,172,0}"},
    {state::kSendReceive, "Send Receive", "{172,66,0}"},
};

namespace type {
constexpr std::int64_t kApplication = 40000001;  // 1 when a main thread starts
constexpr std::int64_t kUserValue = 40000002;    // signed
constexpr std::int64_t kMpiPointToPoint = 50000001;
constexpr std::int64_t kMpiCollective = 50000002;
constexpr std::int64_t kOmpFunction = 60000018;
constexpr std::int64_t kL1Misses = 42000000;
constexpr std::int64_t kInstructions = 42000050;
constexpr std::int64_t kCycles = 42000059;
constexpr std::int64_t kTimestampCounter = 42001000;  // 64 bits, free-running, wraps
}  // namespace type

constexpr std::uint32_t kOmpFunctions = 12;   // values 1..12 of type::kOmpFunction
constexpr std::uint64_t kCyclesPerTwoNs = 5;  // a 2.5 GHz clock

// One kind of thing a thread does; each change of activity is a state record.
enum Activity : std::uint8_t {
  kStart,  // before the first record; never written
  kNotCreated,
  kCompute,
  kSend,
  kRecv,
  kIsend,
  kIrecv,
  kWait,
  kSendrecv,
  kBarrier,
  kBcast,
  kAllreduce,
  kReduce,
  kOmpWork,
  kOmpBarrier,
  kOmpScheduling,
  kOmpIdle,
  kActivityCount
};

struct ActivityInfo {
  std::uint32_t state;
  std::uint32_t min_ns;  // duration, uniform in [min_ns, max_ns]
  std::uint32_t max_ns;
  std::int64_t type;          // entered with `value`, left with 0; 0: none
  std::uint32_t value;        // 0 with type::kOmpFunction: one of kOmpFunctions at random
  std::string_view label;     // of `value` in the .pcf
  std::uint32_t ipc_percent;  // instructions per 100 cycles
  bool sends;                 // writes a communication record
};

// Indexed by Activity: one row per value, in its order.
constexpr std::array<ActivityInfo, kActivityCount> kActivities = {{
    {state::kIdle, 0, 0, 0, 0, "", 0, false},  // kStart
    {state::kNotCreated, 200'000, 2'000'000, 0, 0, "", 0, false},
    {state::kRunning, 20'000, 500'000, 0, 0, "", 160, false},
    {state::kBlockingSend, 2'000, 40'000, type::kMpiPointToPoint, 1, "MPI_Send", 40, true},
    {state::kWaitingMessage, 5'000, 150'000, type::kMpiPointToPoint, 2, "MPI_Recv", 20, false},
    {state::kImmediateSend, 500, 3'000, type::kMpiPointToPoint, 3, "MPI_Isend", 60, true},
    {state::kImmediateReceive, 500, 3'000, type::kMpiPointToPoint, 4, "MPI_Irecv", 60, false},
    {state::kWaitAll, 1'000, 80'000, type::kMpiPointToPoint, 5, "MPI_Wait", 20, false},
    {state::kSendReceive, 5'000, 100'000, type::kMpiPointToPoint, 6, "MPI_Sendrecv", 30, true},
    {state::kSynchronization, 5'000, 200'000, type::kMpiCollective, 7, "MPI_Barrier", 20, false},
    {state::kGroupCommunication, 5'000, 100'000, type::kMpiCollective, 8, "MPI_Bcast", 40, false},
    {state::kGroupCommunication, 10'000, 300'000, type::kMpiCollective, 9, "MPI_Allreduce", 50,
     false},
    {state::kGroupCommunication, 5'000, 150'000, type::kMpiCollective, 10, "MPI_Reduce", 50, false},
    {state::kRunning, 50'000, 400'000, type::kOmpFunction, 0, "", 180, false},
    {state::kSynchronization, 2'000, 60'000, 0, 0, "", 30, false},
    {state::kScheduling, 1'000, 8'000, 0, 0, "", 80, false},
    {state::kIdle, 20'000, 300'000, 0, 0, "", 0, false},
}};

// The MPI call after a computation, cumulative percent: 80% point-to-point.
constexpr std::pair<std::uint32_t, Activity> kMpiMix[] = {
    {15, kSend},     {30, kRecv},    {45, kIsend}, {60, kIrecv},     {75, kWait},
    {80, kSendrecv}, {85, kBarrier}, {90, kBcast}, {97, kAllreduce}, {100, kReduce},
};

struct EventTypeLabel {
  std::int64_t type;
  std::string_view label;
};

constexpr EventTypeLabel kEventTypeLabels[] = {
    {type::kApplication, "Application"},
    {type::kUserValue, "User value (signed)"},
    {type::kMpiPointToPoint, "MPI Point-to-point"},
    {type::kMpiCollective, "MPI Collective Comm"},
    {type::kOmpFunction, "Executed OpenMP parallel function"},
    {type::kL1Misses, "PAPI_L1_DCM [L1D cache misses]"},
    {type::kInstructions, "PAPI_TOT_INS [Instr completed]"},
    {type::kCycles, "PAPI_TOT_CYC [Total cycles]"},
    {type::kTimestampCounter, "Timestamp counter (wraps at 2^64)"},
};

// ---------------------------------------------------------------------------------------------
// The machine: nodes, CPUs, one application of tasks and threads.

struct Options {
  std::uint64_t target_bytes = 0;
  std::uint64_t seed = 1;
  std::uint32_t nodes = 8;
  std::uint32_t tasks = 64;
  std::uint32_t threads_per_task = 4;  // thread 1 calls MPI, the others are OpenMP workers
};

// Tasks in blocks over the nodes (the last nodes may have fewer, or none), each thread pinned
// to a CPU of its task's node. Indexes are 0-based; Paraver's numbers are 1-based.
struct Layout {
  std::uint32_t nodes;
  std::uint32_t tasks;
  std::uint32_t threads_per_task;
  std::uint32_t tasks_per_node;
  std::uint32_t cpus_per_node;

  explicit Layout(const Options& o)
      : nodes(o.nodes),
        tasks(o.tasks),
        threads_per_task(o.threads_per_task),
        tasks_per_node((o.tasks + o.nodes - 1) / o.nodes),
        cpus_per_node(tasks_per_node * o.threads_per_task) {}

  std::uint32_t threads() const { return tasks * threads_per_task; }
  std::uint32_t cpus() const { return nodes * cpus_per_node; }
  std::uint32_t NodeOf(std::uint32_t task) const { return task / tasks_per_node; }
  // The global CPU number, from 1.
  std::uint32_t CpuOf(std::uint32_t task, std::uint32_t thread) const {
    return NodeOf(task) * cpus_per_node + (task % tasks_per_node) * threads_per_task + thread + 1;
  }
};

// What was written; printed on stderr.
struct Counts {
  std::uint64_t bytes = 0;
  std::uint64_t states = 0;  // state records, open ones included
  std::uint64_t open_states = 0;
  std::uint64_t event_records = 0;
  std::uint64_t events = 0;  // type:value pairs
  std::uint64_t communications = 0;
  std::uint64_t end_ns = 0;  // the largest time of any record
};

// ---------------------------------------------------------------------------------------------
// The header and its communicators.

// "c:APPL:ID:N_TASKS:TASK...": MPI_COMM_WORLD, then task 1's MPI_COMM_SELF.
void WriteCommunicators(Output& out, const Layout& layout) {
  out.BeginLine();
  out.Put("c:1:1:");
  out.PutUint(layout.tasks);
  for (std::uint32_t t = 1; t <= layout.tasks; ++t) {
    out.BeginLine();  // the line grows with --tasks
    out.Put(':');
    out.PutUint(t);
  }
  out.Put('\n');
  out.BeginLine();
  out.Put("c:1:2:1:1\n");
}

// "#Paraver (01/03/2024 at 10:00):END_ns:NODES(CPUS,...):1:TASKS(THREADS:NODE,...),2"
void WriteHeader(Output& out, const Layout& layout, std::uint64_t end) {
  out.BeginLine();
  out.Put("#Paraver (01/03/2024 at 10:00):");
  out.PutUint(end);
  out.Put("_ns:");
  out.PutUint(layout.nodes);
  for (std::uint32_t n = 0; n < layout.nodes; ++n) {
    out.BeginLine();  // the line grows with --nodes and --tasks
    out.Put(n == 0 ? '(' : ',');
    out.PutUint(layout.cpus_per_node);
  }
  out.Put("):1:");
  out.PutUint(layout.tasks);
  for (std::uint32_t t = 0; t < layout.tasks; ++t) {
    out.BeginLine();
    out.Put(t == 0 ? '(' : ',');
    out.PutUint(layout.threads_per_task);
    out.Put(':');
    out.PutUint(layout.NodeOf(t) + 1);
  }
  out.Put("),2\n");
  WriteCommunicators(out, layout);
}

// ---------------------------------------------------------------------------------------------
// The generator: one discrete-event simulation of all threads, each due at the end of its
// current activity; the earliest goes next, so records come out in time order.

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

// ---------------------------------------------------------------------------------------------
// The companions: NAME.pcf and NAME.row.

std::string CompanionPath(const std::string& trace, std::string_view extension) {
  // As tracedb finds them: NAME.prv -> NAME.pcf; another name loses its last extension.
  std::filesystem::path base(trace);
  base.replace_extension();
  return base.string() + std::string(extension);
}

void WritePcfStates(std::FILE* f) {
  std::fputs("STATES\n", f);
  for (const StateLabel& s : kStateLabels) std::fprintf(f, "%u    %s\n", s.value, s.label.data());
  std::fputs("\nSTATES_COLOR\n", f);
  for (const StateLabel& s : kStateLabels) std::fprintf(f, "%u    %s\n", s.value, s.color.data());
}

// One EVENT_TYPE block per type; the MPI and OpenMP types list their values.
void WritePcfEventTypes(std::FILE* f) {
  for (const EventTypeLabel& t : kEventTypeLabels) {
    std::fprintf(f, "\nEVENT_TYPE\n0    %lld    %s\n", static_cast<long long>(t.type),
                 t.label.data());
    if (t.type == type::kApplication) std::fputs("VALUES\n0      End\n1      Begin\n", f);
    if (t.type == type::kMpiPointToPoint || t.type == type::kMpiCollective) {
      std::fputs("VALUES\n0      Outside MPI\n", f);
      for (const ActivityInfo& a : kActivities) {
        if (a.type == t.type) std::fprintf(f, "%u      %s\n", a.value, a.label.data());
      }
    }
    if (t.type == type::kOmpFunction) {
      std::fputs("VALUES\n0      End\n", f);
      for (std::uint32_t v = 1; v <= kOmpFunctions; ++v) {
        std::fprintf(f, "%u      kernel_%u [solver.c:%u]\n", v, v, 100 + 40 * v);
      }
    }
  }
}

void WritePcf(std::FILE* f) {
  std::fputs("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n\n", f);
  WritePcfStates(f);
  WritePcfEventTypes(f);
}

// Nodes as hosts ("nid0003"), CPUs as Extrae writes them ("12.nid0003"); the threads keep their
// default names.
void WriteRow(std::FILE* f, const Layout& layout) {
  std::fprintf(f, "LEVEL CPU SIZE %u\n", layout.cpus());
  for (std::uint32_t c = 0; c < layout.cpus(); ++c) {
    std::fprintf(f, "%u.nid%04u\n", c + 1, c / layout.cpus_per_node + 1);
  }
  std::fprintf(f, "\nLEVEL NODE SIZE %u\n", layout.nodes);
  for (std::uint32_t n = 0; n < layout.nodes; ++n) std::fprintf(f, "nid%04u\n", n + 1);
}

bool WriteCompanions(const std::string& trace, const Options& options) {
  return WriteOutput("gen_prv", CompanionPath(trace, ".pcf"), WritePcf) &&
         WriteOutput("gen_prv", CompanionPath(trace, ".row"),
                     [&](std::FILE* f) { WriteRow(f, Layout(options)); });
}

// ---------------------------------------------------------------------------------------------
// Command line.

constexpr std::string_view kUsage =
    "usage: gen_prv --size SIZE [--seed N] [--nodes N] [--tasks N] [--threads-per-task N]\n"
    "               [--out FILE]\n"
    "  SIZE: bytes, with an optional K, M, G or T suffix (powers of 1024): 1M, 100M, 5G\n"
    "  --seed N: same seed, same bytes (default 1)\n"
    "  --nodes N: nodes, from 1 to the number of tasks (default 8)\n"
    "  --tasks N: MPI tasks, at least 2, laid out in blocks over the nodes (default 64)\n"
    "  --threads-per-task N: thread 1 calls MPI, the others are OpenMP workers (default 4)\n"
    "  --out FILE: write FILE and its NAME.pcf and NAME.row instead of stdout\n"
    "Prints what it wrote on stderr: bytes, objects, records and events.\n";

struct CommandLine {
  Options options;
  std::string output = "-";
};

// The options that count objects, with their least value.
struct CountOption {
  std::string_view name;
  std::uint64_t min;
  std::uint32_t Options::*field;
};

constexpr CountOption kCountOptions[] = {
    {"--nodes", 1, &Options::nodes},
    {"--tasks", 2, &Options::tasks},
    {"--threads-per-task", 1, &Options::threads_per_task},
};

// "--NAME VALUE"; false when NAME is unknown or VALUE wrong.
bool ParseOption(std::string_view name, const char* value, CommandLine& cl) {
  if (name == "--size") {
    const auto v = ParseSize(value);
    cl.options.target_bytes = v.value_or(0);
    return v.has_value();
  }
  if (name == "--seed") {
    const auto v = ParseUint(value);
    cl.options.seed = v.value_or(0);
    return v.has_value();
  }
  if (name == "--out") {
    cl.output = value;
    return !cl.output.empty();
  }
  for (const CountOption& option : kCountOptions) {
    if (name != option.name) continue;
    const auto v = ParseUint(value);
    if (!v || *v < option.min || *v > kMaxThreads) return false;
    cl.options.*option.field = static_cast<std::uint32_t>(*v);
    return true;
  }
  return false;
}

std::optional<CommandLine> ParseCommandLine(int argc, char** argv) {
  CommandLine cl;
  bool have_size = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!ParseOption(argv[i], argv[i + 1], cl)) return std::nullopt;
    have_size = have_size || std::string_view(argv[i]) == "--size";
  }
  const Options& o = cl.options;
  if (argc % 2 == 0 || !have_size || std::uint64_t{o.tasks} * o.threads_per_task > kMaxThreads ||
      o.nodes > o.tasks) {
    return std::nullopt;
  }
  return cl;
}

void PrintCounts(const Options& o, const Counts& c) {
  const Layout layout(o);
  std::fprintf(
      stderr,
      "gen_prv: bytes=%llu nodes=%u cpus=%u tasks=%u threads=%u states=%llu "
      "open_states=%llu event_records=%llu events=%llu communications=%llu "
      "end_ns=%llu\n",
      static_cast<unsigned long long>(c.bytes), layout.nodes, layout.cpus(), layout.tasks,
      layout.threads(), static_cast<unsigned long long>(c.states),
      static_cast<unsigned long long>(c.open_states),
      static_cast<unsigned long long>(c.event_records), static_cast<unsigned long long>(c.events),
      static_cast<unsigned long long>(c.communications), static_cast<unsigned long long>(c.end_ns));
}

// The two runs: counting, to learn the end time, then writing. Only the header may differ.
Counts Generate(const Options& options, std::FILE* file) {
  Output counter(nullptr, kCountingBufferBytes);
  const Counts planned = Generator(options, counter).Run(0);
  Output out(file, kBufferBytes);
  const Counts written = Generator(options, out).Run(planned.end_ns);
  if (written.events != planned.events || written.end_ns != planned.end_ns) {
    throw std::logic_error("bug: the counting run and the writing run differ");
  }
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  const auto cl = ParseCommandLine(argc, argv);
  if (!cl) {
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  Counts counts;
  if (!WriteOutput("gen_prv", cl->output,
                   [&](std::FILE* file) { counts = Generate(cl->options, file); })) {
    return 1;
  }
  if (cl->output != "-" && !WriteCompanions(cl->output, cl->options)) return 1;
  PrintCounts(cl->options, counts);
  return 0;
}

// The vocabulary of gen_prv's traces (gen_prv.cc): Paraver state values and event types, with
// the labels of the .pcf, and the activities a thread goes through.
//
// Constants only; no state, no threads.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

namespace tracedb::bench::prv {

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
// 64 bits, free-running, wraps: an event, outside Extrae's counters (42000000-42999999),
// which count since their previous sample.
constexpr std::int64_t kTimestampCounter = 40001000;

// Types whose .pcf labels value 0 End or Outside MPI: their pairs open (non-zero) and close
// (0) intervals, states in tracedb ("Mapping 2" of paraver-format.md).
constexpr bool MarksIntervals(std::int64_t t) {
  return t == kApplication || t == kMpiPointToPoint || t == kMpiCollective || t == kOmpFunction;
}
constexpr bool IsCounter(std::int64_t t) { return t >= 42000000 && t <= 42999999; }
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

}  // namespace tracedb::bench::prv

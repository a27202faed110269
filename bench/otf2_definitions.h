// The global definitions of the benchmark's OTF2 archive (otf2_generator.h):
// ids of its strings, regions and metrics, and the writer of them all.
#pragma once

#include <otf2/otf2.h>

#include <cstdint>
#include <vector>

namespace tracedb::bench {

// Region ids, in the order the definitions name them, and their names.
enum Otf2Region : uint32_t { kMain, kSolve, kCompute, kSend, kRecv, kAllreduce };
inline constexpr const char* kRegionNames[] = {"main",     "solve",    "compute",
                                               "MPI_Send", "MPI_Recv", "MPI_Allreduce"};

inline constexpr uint32_t kWorld = 0;         // MPI_COMM_WORLD
inline constexpr uint32_t kInstructions = 0;  // the metric class of one member
inline constexpr uint64_t kTicksPerSecond = 1'000'000'000;

// Writes every definition for `ranks` ranks; `events[r]`: rank r's records.
void WriteOtf2Definitions(OTF2_Archive* archive, uint32_t ranks,
                          const std::vector<uint64_t>& events, uint64_t trace_ticks);

}  // namespace tracedb::bench

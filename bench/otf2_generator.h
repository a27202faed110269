// A synthetic OTF2 archive for the benchmark (scripts/bench --format otf2),
// written with the OTF2 library's writer: `ranks` MPI ranks of one thread
// each on nodes of four, each running iterations of nested regions (solve >
// compute, MPI_Send, MPI_Recv, every 8th an MPI_Allreduce), a ring of
// messages (each rank sends to the next and receives from the previous)
// and an instructions counter sampled as each iteration begins, until the
// event files hold about `size` bytes.
#pragma once

#include <cstdint>
#include <string>

namespace tracedb::bench {

struct Otf2Options {
  std::string folder;  // the archive's folder: FOLDER/traces.otf2, .def, traces/
  uint64_t size = 0;   // bytes of event records, about
  uint32_t ranks = 16;
  uint64_t seed = 1;
  std::string paje;  // when set, the same program as a Pajé trace there (otf2_paje_twin.h)
};

struct Otf2Written {
  uint64_t records = 0;
  uint64_t iterations = 0;
};

// Throws std::runtime_error when the library fails.
Otf2Written WriteOtf2Archive(const Otf2Options& options);

}  // namespace tracedb::bench

// Real OTF2 traces made at test time: an MPI program of
// tests/format/otf2/mpi/, compiled with mpicc and run on 4 ranks under
// EZTrace (Debian's eztrace and openmpi-bin, which scripts/setup installs):
//
//   mpicc -O1 -o PROGRAM PROGRAM.c
//   mpirun --allow-run-as-root --oversubscribe -np 4 eztrace -t openmpi ./PROGRAM
//
// in a folder of the test process's temporary folder, where EZTrace writes
// the archive PROGRAM_trace/eztrace_log.otf2 (and eztrace_log.def,
// eztrace_log/ID.evt...). About a second per program.
//
// Threading: any thread; each program is traced once per test process and
// its archive kept until the process ends.
#pragma once

#include <string>

namespace tracedb::testing {

// The folder of the archive EZTrace wrote for `program` ("ring" for
// tests/format/otf2/mpi/ring.c). Throws std::runtime_error, quoting the
// compiler's or mpirun's output, when a step fails.
std::string EztraceArchive(const std::string& program);

}  // namespace tracedb::testing

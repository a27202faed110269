// The first lines of a gen_prv trace: the header and its communicators.
#pragma once

#include <cstdint>

#include "gen_output.h"
#include "prv_layout.h"

namespace tracedb::bench::prv {

// The header with `end` as its END_TIME, then MPI_COMM_WORLD and task 1's MPI_COMM_SELF:
// "#Paraver (01/03/2024 at 10:00):END_ns:NODES(CPUS,...):1:TASKS(THREADS:NODE,...),2"
void WriteHeader(Output& out, const Layout& layout, std::uint64_t end);

}  // namespace tracedb::bench::prv

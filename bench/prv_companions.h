// The companions of a gen_prv trace: NAME.pcf, labelling every state, event type and MPI value,
// and NAME.row, naming nodes and CPUs, beside the trace as tracedb looks for them.
#pragma once

#include <string>

#include "prv_layout.h"

namespace tracedb::bench::prv {

// Writes the companions of the trace at `trace`; false (having said why on stderr) when one
// cannot be written.
bool WriteCompanions(const std::string& trace, const Options& options);

}  // namespace tracedb::bench::prv

// Ranks of MPI records into locations (../shared/docs/otf2-format.md,
// "Ranks"): a rank is relative to its communicator, whose group (its last
// definition) is a COMM_GROUP, whose members index the COMM_LOCATIONS group
// of the same paradigm, or a COMM_SELF group, whose rank 0 is the recorder.
//
// Plain function; any thread.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "format/otf2/definitions.h"

namespace tracedb::otf2 {

// The location rank `rank` of communicator `comm` names in a record of
// location `recorder`, or why it names none ("rank 7 is not in
// communicator \"world\" (4 ranks)").
std::variant<uint64_t, std::string> RankLocation(const Otf2Definitions& definitions, uint32_t comm,
                                                 uint32_t rank, uint64_t recorder);

}  // namespace tracedb::otf2

// ScratchRuns: where each batch's rows of the four entity tables end in one
// part of a staged load (db/sqlite/staged/sqlite_staged_load.h). A writer stores a
// batch's rows of such a table sorted by container and time, so each batch
// is a sorted run, and the publish merges the runs (db/sqlite/staged/run_merger.h).
//
// Threading: a part's runs are written by that part's writer, on one thread
// at a time, and read by the publish once the writers are done.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tracedb {

// The entity tables, in the order of ScratchRuns::ends, and the column
// each one's index orders a container's rows by.
inline constexpr std::array<const char*, 4> kRunTables = {"state", "event", "variable", "link"};
inline constexpr std::array<const char*, 4> kRunTimes = {"start_time", "time", "start_time",
                                                         "start_time"};

struct ScratchRuns {
  // Per table of kRunTables, the last rowid of each run, ascending; a run
  // starts after the one before it (the first, after rowid 0). A scratch
  // table is only appended to, so its rowids are 1, 2, 3...
  std::array<std::vector<int64_t>, kRunTables.size()> ends;
};

}  // namespace tracedb

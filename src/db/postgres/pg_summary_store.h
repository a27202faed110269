// StorePostgresSummaries: SummaryStore::StoreSummaries for a PostgreSQL archive,
// on a libpq session of its own (for COPY), in one transaction:
//
//   1. Locks the trace: its type partition (a delete, which drops that one
//      first, waits for the commit and then drops the new partitions too)
//      and its trace row (another summarize of it waits, then sees these
//      summaries).
//   2. Empties the trace's summary partitions that exist (summarize
//      --force) and creates the others (a trace loaded before schema 5 has
//      none), as a load creates them (pg_partitions.h).
//   3. COPYs the rows in (pg_copy_writer.h), attaches the new partitions
//      (building their indexes), analyzes them and sets profile_bins.
//
// A failure rolls it all back, new tables with it; so does the server when
// the process dies. The parents' statistics are refreshed after the commit,
// as after a load.
//
// One thread; the session is opened and closed by the call.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "db/summary_store.h"

namespace tracedb {

bool StorePostgresSummaries(const std::string& conninfo, const std::string& name, int64_t id,
                            int64_t profile_bins, ExistingSummaries existing,
                            const std::function<void(RowWriter&)>& write);

}  // namespace tracedb

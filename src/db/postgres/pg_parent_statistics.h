// RefreshParentStatistics: keeps the statistics of the partitioned tables
// (the parents) as fresh as the planner needs, at a cost that does not grow
// with the archive.
//
// The planner estimates a join through a view from the parents' statistics
// (1 GB trace: docs/archive.md's query 1 in 7.8 s without them, 2.3 s with them), and
// autovacuum never analyzes a partitioned table, so loads do. But in
// PostgreSQL 15 an ANALYZE of a parent visits every partition of every
// trace: after each load it cost about 1.9 ms more for each trace already
// in the archive (0.15 s a load with 100 traces, 0.56 s with 300; about 19 s
// with 10,000), each small load waiting for it. So a parent is analyzed
// again only when its statistics are missing, or describe less than half or
// more than twice the rows its partitions hold now (pg_class.reltuples, set
// by each ANALYZE): a sample of the archive at least half as large as today
// is as good for estimates, and the work, a doubling apart, adds up to a
// constant per row loaded.
//
// Threading: runs on the caller's thread and session.
#pragma once

#include <span>

#include "db/postgres/pg_session.h"

namespace tracedb {

// Analyzes those of `tables` that need it, outside any transaction. Never
// throws: the trace is stored either way, and the next load looks again.
void RefreshParentStatistics(PgSession& session, std::span<const char* const> tables) noexcept;

}  // namespace tracedb

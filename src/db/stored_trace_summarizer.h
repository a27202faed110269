// SummarizeStoredRows: feeds the entity rows of a trace stored in a tracedb
// database to a TraceSummarizer, for traces whose load made no summaries
// (loaded before schema 5; tracedb summarize). The rows go in RowBatches of
// `batch_rows` at most, as from a load: states container by container in
// index order, replayed through StateStacks (summary/state_stacks.h) for
// the parent values that exclusive time needs and for the order the
// simulator emitted them in; variables in index order, which is theirs too;
// events and links as stored. So the summaries are those a load of the
// trace made, number for number, but for sums that the load added up in
// another order, which may differ in their last bits: the profile's, whose
// bins add up every container's states, and links' seconds. (Measured on a
// 20 MB generated trace: 123 of 14,912 profile rows, by 4e-16 at most;
// every other row the same.)
//
// Written once for every backend, as stored_trace_reader.h: `select` runs
// one SELECT with the trace's id bound to $1, inside the caller's read
// transaction. Memory: one batch, the summarizer's tables and one
// container's open states. One thread.
#pragma once

#include <cstddef>

#include "db/stored_trace_reader.h"
#include "summary/trace_summarizer.h"

namespace tracedb {

void SummarizeStoredRows(const SelectRows& select, size_t batch_rows, TraceSummarizer* summarizer);

}  // namespace tracedb

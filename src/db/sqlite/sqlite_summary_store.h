// StoreSqliteSummaries: SummaryStore::StoreSummaries for a SQLite archive. The
// summary rows go straight into the archive's tables (they are few: one
// per container, type and value, and the link matrix), inside one write
// transaction with the trace row's profile_bins, after the trace's old
// summary rows are deleted. A kill before its COMMIT leaves nothing of it
// (SQLite's WAL ignores an uncommitted transaction).
//
// The connection's thread rules; no transaction may be open on it.
#pragma once

#include <cstdint>
#include <functional>

#include "db/sqlite/sqlite_connection.h"
#include "db/summary_store.h"

namespace tracedb {

bool StoreSqliteSummaries(SqliteConnection& connection, int64_t id, int64_t profile_bins,
                          ExistingSummaries existing, const std::function<void(RowWriter&)>& write);

}  // namespace tracedb

// ReadStoredRows: replays a trace stored in a tracedb database into a
// Registry and an EntitySink, so that `tracedb dump --db` prints it with the
// same DumpWriter as a file. The registry gets the stored types, values and
// containers under their stored ids; then every row goes to the sink:
// containers, states, events, variables, links, each table's rows in the
// order they are stored (on SQLite, the rowids of the trace's range,
// db/trace_row_range.h: in the order of an index, each row was a seek,
// and the 1 GB bench trace took 13.5 s, against 9.3 s).
//
// Written once for every backend: `select` runs one SELECT with the trace's
// id bound to $1 (SQLite reads $1 as a parameter too). The caller holds one
// read transaction around the call, so that a delete committing meanwhile
// cannot leave it with half a trace. Stored references are checked before
// use: a database edited by hand gives a DbError naming `database`.
//
// Threading: ReadStoredRows on one thread. ReadStoredPart on several at
// once (`dump --db`: 15.7 -> 9.2 s for the 1 GB bench trace on two
// readers), each with its own connection and sink, sharing a registry that
// ReadStoredRegistry filled before.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/row_cursor.h"
#include "db/sql_dialect.h"
#include "db/trace_reader.h"
#include "model/entity.h"
#include "sim/registry.h"

namespace tracedb {

void ReadStoredRows(const std::string& database, SqlDialect dialect, const SelectRows& select,
                    Registry* registry, EntitySink* sink);

// ReadStoredRows of complete trace `id`, in one snapshot of `reader`.
void ReadTrace(TraceReader& reader, int64_t id, Registry* registry, EntitySink* sink);

// The same in parts, for several readers (TraceReader::ReadCompleteTogether):
// the registry first, read once; then each reader takes the next part (a
// table: states, variables, links, events, containers) with a sink of its
// own and the registry shared, which no one changes any more.
inline constexpr int kStoredRowParts = 5;

void ReadStoredRegistry(const std::string& database, const SelectRows& select, Registry* registry);

struct StoredRead {
  const std::string& database;
  SqlDialect dialect;
  const SelectRows& select;
  const Registry& registry;
  EntitySink* sink;
  // Set when another reader failed: the part stops at its next row and
  // throws StoppedRead.
  const std::atomic<bool>* stop = nullptr;
};
struct StoppedRead {};

void ReadStoredPart(const StoredRead& read, int part);

}  // namespace tracedb

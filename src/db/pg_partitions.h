// The SQL of a trace's partitions in PostgreSQL (migrations/postgresql/: each
// entity table is partitioned by trace_id, trace N's part of table T being
// trace_part.T_N). Ids are integers, so they are written into the SQL.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace tracedb {

inline constexpr std::array<const char*, 7> kEntityTables = {
    "type", "value", "container", "state", "event", "variable", "link"};

// "trace_part.state_42"
std::string PartitionName(const char* table, int64_t trace_id);

// A query whose one value is the CREATE TABLE statement of `table`'s
// partition for the trace, built from the parent's own columns and CHECK
// constraints (as ATTACH requires) plus CHECK (trace_id = N), which lets
// ATTACH skip scanning the rows. No LIKE: it would lock the parent until
// the load commits, and a delete waiting behind that would stall queries.
// Autovacuum is off until the attach: a loaded partition waits for its
// indexes committed, and an ANALYZE then would hold up CREATE INDEX.
std::string PartitionDefinitionQuery(const char* table, int64_t trace_id);

// A query whose values are the CREATE INDEX statements that give the trace's
// partitions the plain (non-unique, column-only) indexes of their parents,
// found in the catalog, each after its table's name and a space
// ("state CREATE INDEX ON trace_part.state_7 ..."). ATTACH adopts an index that matches the
// parent's instead of building its own; the unique ones (keys of the small tables) need a
// constraint too and are left to ATTACH.
std::string PartitionIndexesQuery(int64_t trace_id);

// Makes every partition of the trace part of its table (building the indexes
// the partition lacks, each in one sort) and turns its autovacuum back on.
std::string AttachPartitionsSql(int64_t trace_id);

// Drops the trace's partitions (those that exist).
std::string DropPartitionsSql(int64_t trace_id);
// Those and the trace row.
std::string DropTraceSql(int64_t trace_id);

}  // namespace tracedb

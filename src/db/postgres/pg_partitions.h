// The SQL of a trace's partitions in PostgreSQL (migrations/postgresql/: each
// entity table is partitioned by trace_id, trace N's part of table T being
// trace_part.T_N). Ids are integers, so they are written into the SQL.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace tracedb {

inline constexpr std::array<const char*, 14> kEntityTables = {
    "type",         "value",         "container",      "state",         "event",
    "variable",     "link",          "state_summary",  "event_summary", "variable_summary",
    "link_summary", "state_profile", "state_duration", "call_path"};

// "trace_part.state_42"
std::string PartitionName(const char* table, int64_t trace_id);

// A query whose one value is the CREATE TABLE statements of the trace's
// partitions of `tables`, joined by "; " to be run at once: each built from
// the parent's own columns and CHECK constraints (as ATTACH requires) plus
// CHECK (trace_id = N), which lets ATTACH skip scanning the rows, and
// trace_id DEFAULT N, so that COPY need not send it (the server fills it in
// faster than it reads it). No LIKE: it would lock the parent until the
// load commits, and a delete waiting behind that would stall queries. One
// query for all the tables: a query and a CREATE per table cost a load 26
// round trips, and more of the server's time. A parent that does not exist
// is an error of this query that names it.
std::string PartitionDefinitionsQuery(int64_t trace_id, std::span<const char* const> tables);

// Makes the trace's partitions of `tables` part of their tables; PostgreSQL
// builds their indexes then, each in one sort.
std::string AttachPartitionsSql(int64_t trace_id, std::span<const char* const> tables);

// Locks `tables` (parents) as ATTACH PARTITION does: SHARE UPDATE EXCLUSIVE,
// on the parents ONLY. Without ONLY, LOCK TABLE locks every partition too:
// 8 locks per trace in the archive, and PostgreSQL's shared lock table
// (max_locks_per_transaction x connections) ran out at about 1,070 traces
// with 60 connections ("out of shared memory"), every later load failing.
std::string LockParentsSql(std::span<const char* const> tables);

// A query whose one value is the SQL that builds, on the trace's partition
// of each of `tables`, the indexes of its parent: those ATTACH would build,
// under the same names, which it then adopts instead.
std::string PartitionIndexesQuery(int64_t trace_id, std::span<const char* const> tables);

// A query whose one value is the SQL that gathers the planner's statistics
// on the trace's partitions of `tables` (ANALYZE, which may run in the
// load's transaction): autovacuum would do it only minutes later, and
// queries meanwhile get plans made blind. Then it sets their columns'
// statistics targets to 0: a partition's rows never change, and an ANALYZE
// of a parent, which in PostgreSQL 15 analyzes each partition too, then
// samples 100 rows of it and keeps its statistics, instead of sampling
// 30,000 again (each load's ANALYZE of the parents took 0.6 s more for each
// 100 MB trace already in the archive; pg_parent_statistics.h says when they
// are analyzed). Partitions analyzed before (`tracedb summarize` replaces
// their rows) get the default targets back first. Built by a query, not run
// by a DO block: the first DO block in a session costs 8 ms to load PL/pgSQL.
enum class AnalyzedBefore { kNo, kYes };
std::string AnalyzePartitionsQuery(int64_t trace_id, std::span<const char* const> tables,
                                   AnalyzedBefore before);

// Drops the trace's partitions of `tables` that exist, not its trace row.
std::string DropPartitionsSql(int64_t trace_id, std::span<const char* const> tables);

// Drops the trace's partitions (those that exist) and its trace row.
std::string DropTraceSql(int64_t trace_id);

}  // namespace tracedb

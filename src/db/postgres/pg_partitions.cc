#include "db/postgres/pg_partitions.h"

#include <cassert>

namespace tracedb {
namespace {

// "A, B, C": `name` of each table.
template <typename Name>
std::string CommaList(std::span<const char* const> tables, Name name) {
  std::string list;
  for (const char* table : tables) list += (list.empty() ? "" : ", ") + name(table);
  return list;
}

// "ALTER TABLE p ALTER COLUMN a SET STATISTICS n, ..." for each partition
// of AnalyzePartitionsQuery's FROM, n being -1 (the default) or 0, the
// targets `columns` (columns_default or columns_zero) names.
std::string StatisticsTargetsSql(const char* columns) {
  return std::string("string_agg(format('ALTER TABLE %s %s', t.partition, t.") + columns +
         "), '; ')";
}

}  // namespace

std::string PartitionName(const char* table, int64_t trace_id) {
  return std::string("trace_part.") + table + "_" + std::to_string(trace_id);
}

std::string PartitionDefinitionsQuery(int64_t trace_id, std::span<const char* const> tables) {
  assert(!tables.empty());
  std::string id = std::to_string(trace_id);
  // The name as PartitionName makes it.
  return "SELECT string_agg(format('CREATE TABLE trace_part.%I (%s%s, CHECK (trace_id = " + id +
         "))', c.relname || '_" + id +
         "', columns.list, checks.list), '; ') FROM pg_class c"
         " CROSS JOIN LATERAL (SELECT string_agg(format('%I %s%s%s', a.attname,"
         "   format_type(a.atttypid, a.atttypmod),"
         "   CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END,"
         "   CASE WHEN a.attname = 'trace_id' THEN ' DEFAULT " +
         id +
         "' ELSE '' END), ', ' ORDER BY a.attnum) AS list"
         "  FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)"
         "  AS columns"
         " CROSS JOIN LATERAL (SELECT coalesce(string_agg(format(', CONSTRAINT %I %s', k.conname,"
         "   pg_get_constraintdef(k.oid)), ''), '') AS list"
         "  FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'c') AS checks"
         " WHERE c.oid IN (" +
         CommaList(
             tables,
             [](const char* table) { return std::string("'public.") + table + "'::regclass"; }) +
         ")";
}

std::string AttachPartitionsSql(int64_t trace_id, std::span<const char* const> tables) {
  std::string sql;
  for (const char* table : tables) {
    sql += std::string("ALTER TABLE ") + table + " ATTACH PARTITION " +
           PartitionName(table, trace_id) + " FOR VALUES IN (" + std::to_string(trace_id) + ");";
  }
  return sql;
}

std::string LockParentsSql(std::span<const char* const> tables) {
  return "LOCK TABLE " +
         CommaList(tables, [](const char* table) { return "ONLY " + std::string(table); }) +
         " IN SHARE UPDATE EXCLUSIVE MODE";
}

std::string PartitionIndexesQuery(int64_t trace_id, std::span<const char* const> tables) {
  std::string parts;
  for (const char* table : tables) {
    std::string name = PartitionName(table, trace_id);
    if (!parts.empty()) parts += " UNION ALL ";
    // "CREATE INDEX name ON ONLY public.link USING btree (...)" becomes
    // "CREATE INDEX ON trace_part.link_N USING btree (...)": an index
    // without a name is named as ATTACH names the ones it makes.
    parts +=
        "SELECT regexp_replace(pg_get_indexdef(i.indexrelid),"
        " '^CREATE (UNIQUE )?INDEX \\S+ ON (ONLY )?\\S+', 'CREATE \\1INDEX ON " +
        name + "') AS sql FROM pg_index i WHERE i.indrelid = to_regclass('public." + table + "')";
  }
  return "SELECT coalesce(string_agg(sql, '; '), '') FROM (" + parts + ") AS each_index";
}

std::string AnalyzePartitionsQuery(int64_t trace_id, std::span<const char* const> tables,
                                   AnalyzedBefore before) {
  assert(!tables.empty());  // else ANALYZE would take the whole database
  auto partitions = [&](const std::string& before, const std::string& after) {
    return CommaList(tables, [&](const char* table) {
      return before + PartitionName(table, trace_id) + after;
    });
  };
  return "SELECT concat_ws('; ', " +
         (before == AnalyzedBefore::kYes ? StatisticsTargetsSql("columns_default") : "NULL") +
         ", 'ANALYZE " + partitions("", "") + "', " + StatisticsTargetsSql("columns_zero") +
         ") FROM (SELECT a.attrelid::regclass AS partition,"
         " string_agg(format('ALTER COLUMN %I SET STATISTICS -1', a.attname), ', ')"
         " AS columns_default,"
         " string_agg(format('ALTER COLUMN %I SET STATISTICS 0', a.attname), ', ') AS columns_zero"
         " FROM pg_attribute a WHERE a.attrelid IN (" +
         partitions("'", "'::regclass") +
         ") AND a.attnum > 0 AND NOT a.attisdropped GROUP BY a.attrelid) AS t";
}

std::string DropPartitionsSql(int64_t trace_id, std::span<const char* const> tables) {
  return "DROP TABLE IF EXISTS " + CommaList(tables, [trace_id](const char* table) {
           return PartitionName(table, trace_id);
         });
}

std::string DropTraceSql(int64_t trace_id) {
  return DropPartitionsSql(trace_id, kEntityTables) +
         "; DELETE FROM trace WHERE id = " + std::to_string(trace_id);
}

}  // namespace tracedb

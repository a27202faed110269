#include "db/pg_partitions.h"

namespace tracedb {

std::string PartitionName(const char* table, int64_t trace_id) {
  return std::string("trace_part.") + table + "_" + std::to_string(trace_id);
}

std::string PartitionDefinitionQuery(const char* table, int64_t trace_id) {
  std::string id = std::to_string(trace_id);
  return "SELECT format('CREATE TABLE %s (%s%s, CHECK (trace_id = " + id +
         ")) WITH (autovacuum_enabled = off)', '" + PartitionName(table, trace_id) +
         "',"
         " (SELECT string_agg(format('%I %s%s', a.attname, format_type(a.atttypid, a.atttypmod),"
         "   CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END), ', ' ORDER BY a.attnum)"
         "  FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),"
         " (SELECT coalesce(string_agg(format(', CONSTRAINT %I %s', k.conname,"
         "   pg_get_constraintdef(k.oid)), ''), '')"
         "  FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'c'))"
         " FROM pg_class c WHERE c.oid = to_regclass('public." +
         table + "')";
}

std::string PartitionIndexesQuery(int64_t trace_id) {
  std::string tables;
  for (const char* table : kEntityTables) {
    tables += std::string(tables.empty() ? "'" : ", '") + table + "'";
  }
  std::string partition = "c.relname || '_" + std::to_string(trace_id) + "'";
  return "SELECT c.relname || ' ' || format('CREATE INDEX ON trace_part.%I USING %s (%s)', " +
         partition +
         ", am.amname,"
         "  string_agg(quote_ident(a.attname), ', ' ORDER BY k.n))"
         " FROM pg_class c"
         " JOIN pg_index i ON i.indrelid = c.oid"
         " JOIN pg_class ic ON ic.oid = i.indexrelid"
         " JOIN pg_am am ON am.oid = ic.relam"
         " CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)"
         " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
         " WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN (" +
         tables +
         ")"
         "  AND NOT i.indisunique AND i.indexprs IS NULL AND i.indpred IS NULL"
         " GROUP BY c.relname, i.indexrelid, am.amname ORDER BY c.relname, i.indexrelid";
}

std::string AttachPartitionsSql(int64_t trace_id) {
  std::string sql;
  for (const char* table : kEntityTables) {
    std::string partition = PartitionName(table, trace_id);
    sql += std::string("ALTER TABLE ") + table + " ATTACH PARTITION " + partition +
           " FOR VALUES IN (" + std::to_string(trace_id) + "); ALTER TABLE " + partition +
           " RESET (autovacuum_enabled);";
  }
  return sql;
}

std::string DropPartitionsSql(int64_t trace_id) {
  std::string sql = "DROP TABLE IF EXISTS ";
  for (size_t i = 0; i < kEntityTables.size(); ++i) {
    sql += (i > 0 ? ", " : "") + PartitionName(kEntityTables[i], trace_id);
  }
  return sql;
}

std::string DropTraceSql(int64_t trace_id) {
  return DropPartitionsSql(trace_id) + "; DELETE FROM trace WHERE id = " + std::to_string(trace_id);
}

}  // namespace tracedb

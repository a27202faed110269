#include "db/postgres/pg_parent_statistics.h"

#include <exception>
#include <string>
#include <vector>

namespace tracedb {
namespace {

// The rows are those of `tables` (parents in schema public) that need an
// ANALYZE (see the header).
std::string StaleParentsQuery(std::span<const char* const> tables) {
  std::string parents;
  for (const char* table : tables) {
    parents += std::string(parents.empty() ? "" : ", ") + "'public." + table + "'::regclass";
  }
  // reltuples is -1 until a first ANALYZE; a partition's own is -1 until its
  // load analyzed it, and counts for nothing then.
  return "SELECT p.relname FROM pg_class p,"
         " LATERAL (SELECT coalesce(sum(greatest(c.reltuples, 0)), 0) AS rows"
         "  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
         "  WHERE i.inhparent = p.oid) AS now"
         " WHERE p.oid IN (" +
         parents +
         ") AND (p.reltuples < 0 OR now.rows NOT BETWEEN p.reltuples / 2 AND p.reltuples * 2)"
         " ORDER BY p.relname";
}

}  // namespace

void RefreshParentStatistics(PgSession& session, std::span<const char* const> tables) noexcept {
  try {
    std::vector<std::string> stale = session.Query(StaleParentsQuery(tables));
    if (stale.empty()) return;
    std::string sql = "ANALYZE ";
    for (size_t i = 0; i < stale.size(); ++i) sql += (i == 0 ? "" : ", ") + stale[i];
    session.TryExec(sql);
  } catch (const std::exception&) {
    // As documented: nothing lost, the next load looks again.
  }
}

}  // namespace tracedb

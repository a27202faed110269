// The SQL of `tracedb info`'s type table, the same for every backend: every
// type of trace $1 with the number of rows of that type in the table of its
// kind (containers for a container type, states for a state type...). Type
// ids are unique within a trace, so each id meets one count at most. One
// scan of each table's part for the trace (its index does not cover type_id).
#pragma once

namespace tracedb {

inline constexpr const char* kTypeRowsSql = R"sql(
SELECT t.id, t.kind, t.name, t.alias, coalesce(n.rows, 0) AS rows
FROM type t LEFT JOIN (
  SELECT type_id, count(*) AS rows FROM container WHERE trace_id = $1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM state WHERE trace_id = $1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM event WHERE trace_id = $1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM variable WHERE trace_id = $1 GROUP BY type_id
  UNION ALL
  SELECT type_id, count(*) FROM link WHERE trace_id = $1 GROUP BY type_id
) n ON n.type_id = t.id
WHERE t.trace_id = $1
ORDER BY t.id)sql";

}  // namespace tracedb

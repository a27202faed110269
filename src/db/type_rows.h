// The SQL of `tracedb info`'s type table, the same for every backend: every
// type of trace $1 with the number of rows of that type in the table of its
// kind (containers for a container type, states for a state type...). Type
// ids are unique within a trace, so each id meets one count at most.
//
// A trace with summaries has them counted already: each state, event,
// variable interval and link is counted once in its summary (link_summary's
// messages, a half that never came included). Counting the rows themselves
// scans every row of the trace (no index covers type_id): 19 million rows
// of the 1 GB bench trace took 7-10 s, against a tenth of a second. A
// trace loaded without them (before schema 5) is scanned.
#pragma once

#include "db/trace_record.h"

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

// PostgreSQL's sum of bigints is a numeric: cast back to the count's type.
inline constexpr const char* kTypeRowsFromSummariesSql = R"sql(
SELECT t.id, t.kind, t.name, t.alias, coalesce(n.rows, 0) AS rows
FROM type t LEFT JOIN (
  SELECT type_id, count(*) AS rows FROM container WHERE trace_id = $1 GROUP BY type_id
  UNION ALL
  SELECT type_id, CAST(sum(count) AS BIGINT) FROM state_summary WHERE trace_id = $1
  GROUP BY type_id
  UNION ALL
  SELECT type_id, CAST(sum(count) AS BIGINT) FROM event_summary WHERE trace_id = $1
  GROUP BY type_id
  UNION ALL
  SELECT type_id, CAST(sum(count) AS BIGINT) FROM variable_summary WHERE trace_id = $1
  GROUP BY type_id
  UNION ALL
  SELECT type_id, CAST(sum(messages) AS BIGINT) FROM link_summary WHERE trace_id = $1
  GROUP BY type_id
) n ON n.type_id = t.id
WHERE t.trace_id = $1
ORDER BY t.id)sql";

inline const char* TypeRowsSql(const TraceRecord& trace) {
  bool summarized = trace.summary && trace.summary->profile_bins;
  return summarized ? kTypeRowsFromSummariesSql : kTypeRowsSql;
}

}  // namespace tracedb

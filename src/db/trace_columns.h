// The trace table read back into TraceRecords, the same for every backend:
// kSelectTrace lists the columns in the order ReadTraceRecord expects; add
// "WHERE ..." / "ORDER BY ..." after it.
#pragma once

#include <optional>
#include <string>

#include "db/row_cursor.h"
#include "db/trace_record.h"

namespace tracedb {

inline constexpr const char* kSelectTrace =
    "SELECT id, name, path, format, size_bytes, sha256, comment, ingested_at, tool_version,"
    " status, error, loader_host, loader_pid, start_time, end_time, container_count,"
    " state_count, event_count, variable_count, link_count, metadata, skipped_lines,"
    " skipped_errors, tags, profile_bins, time_unit FROM trace ";

// trace.tags for `tags`: a JSON object of strings, or NULL for none.
std::optional<std::string> TagsJson(const Extras& tags);

// The cursor's current row, selected by kSelectTrace.
TraceRecord ReadTraceRecord(const RowCursor& row);

// Every remaining row of the cursor.
std::vector<TraceRecord> ReadTraceRecords(RowCursor& cursor);

// "ids 1 (failed), 3 (complete)": for a name that several traces share.
std::string ListIds(const std::vector<TraceRecord>& records);

// True for "42": FindTrace's ids are all digits, anything else is a name.
bool IsAllDigits(std::string_view text);

}  // namespace tracedb

#include "db/trace_columns.h"

#include "model/extras_json.h"

namespace tracedb {
namespace {

std::optional<std::string> OptionalText(const RowCursor& row, int index) {
  if (row.IsNull(index)) return std::nullopt;
  return row.Text(index);
}

std::optional<int64_t> OptionalInt(const RowCursor& row, int index) {
  if (row.IsNull(index)) return std::nullopt;
  return row.Int(index);
}

TraceStatus ParseStatus(const std::string& text) {
  if (text == "complete") return TraceStatus::kComplete;
  if (text == "failed") return TraceStatus::kFailed;
  if (text == "deleting") return TraceStatus::kDeleting;
  return TraceStatus::kLoading;  // the CHECK constraint admits no other word
}

TraceSummary ReadSummary(const RowCursor& row) {
  return {.start_time = row.Double(13),
          .end_time = row.Double(14),
          .container_count = row.Int(15),
          .state_count = row.Int(16),
          .event_count = row.Int(17),
          .variable_count = row.Int(18),
          .link_count = row.Int(19),
          .metadata = OptionalText(row, 20),
          .skipped_lines = row.Int(21),
          .skipped_errors = OptionalText(row, 22),
          .profile_bins = OptionalInt(row, 24)};
}

// Tags that are not tracedb's object of strings (written by hand in SQL)
// show as they are, under "?", rather than failing every listing.
Extras ReadTags(const RowCursor& row, int index) {
  if (row.IsNull(index)) return {};
  std::string text = row.Text(index);
  try {
    return JsonToExtras(text);
  } catch (const std::exception&) {
    return {{"?", text}};
  }
}

}  // namespace

std::optional<std::string> TagsJson(const Extras& tags) {
  if (tags.empty()) return std::nullopt;
  return ExtrasToJson(tags);
}

TraceRecord ReadTraceRecord(const RowCursor& row) {
  TraceRecord record;
  record.id = row.Int(0);
  record.info = {.name = row.Text(1),
                 .path = row.Text(2),
                 .format = row.Text(3),
                 .size_bytes = OptionalInt(row, 4),
                 .sha256 = row.Text(5),
                 .comment = OptionalText(row, 6),
                 .tags = ReadTags(row, 23),
                 .tool_version = row.Text(8),
                 .time_unit = row.Text(25)};
  record.ingested_at = row.Text(7);
  record.status = ParseStatus(row.Text(9));
  record.error = OptionalText(row, 10);
  record.loader_host = OptionalText(row, 11);
  record.loader_pid = OptionalInt(row, 12);
  // A deleting trace keeps its counts: how much is left to remove.
  if (record.status == TraceStatus::kComplete || record.status == TraceStatus::kDeleting) {
    record.summary = ReadSummary(row);
  }
  return record;
}

std::vector<TraceRecord> ReadTraceRecords(RowCursor& cursor) {
  std::vector<TraceRecord> records;
  while (cursor.Next()) records.push_back(ReadTraceRecord(cursor));
  return records;
}

std::string ListIds(const std::vector<TraceRecord>& records) {
  std::string text = "ids ";
  for (size_t i = 0; i < records.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(records[i].id) + " (" + std::string(StatusName(records[i].status)) + ")";
  }
  return text;
}

bool IsAllDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace tracedb

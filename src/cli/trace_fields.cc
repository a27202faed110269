#include "cli/trace_fields.h"

#include <optional>

#include "db/trace_columns.h"

namespace tracedb {
namespace {

Cell Optional(const std::optional<std::string>& text) {
  return text ? TextCell(*text) : NullCell();
}

Cell Optional(const std::optional<int64_t>& number) {
  return number ? IntegerCell(*number) : NullCell();
}

void AppendSummary(const std::optional<TraceSummary>& summary, std::vector<Cell>* cells) {
  if (!summary) {
    cells->resize(cells->size() + 10);  // start_time ... skipped_errors
    return;
  }
  cells->push_back(ExactRealCell(summary->start_time));
  cells->push_back(ExactRealCell(summary->end_time));
  cells->push_back(IntegerCell(summary->container_count));
  cells->push_back(IntegerCell(summary->state_count));
  cells->push_back(IntegerCell(summary->event_count));
  cells->push_back(IntegerCell(summary->variable_count));
  cells->push_back(IntegerCell(summary->link_count));
  cells->push_back(summary->metadata ? JsonCell(*summary->metadata) : NullCell());
  cells->push_back(IntegerCell(summary->skipped_lines));
  cells->push_back(Optional(summary->skipped_errors));
}

}  // namespace

const std::vector<std::string>& TraceColumns() {
  static const std::vector<std::string> kColumns = {
      "id",           "name",          "path",           "format",
      "size_bytes",   "sha256",        "comment",        "ingested_at",
      "tool_version", "status",        "error",          "loader_host",
      "loader_pid",   "start_time",    "end_time",       "container_count",
      "state_count",  "event_count",   "variable_count", "link_count",
      "metadata",     "skipped_lines", "skipped_errors", "tags",
      "time_unit"};
  return kColumns;
}

std::vector<Cell> TraceCells(const TraceRecord& trace) {
  const TraceInfo& info = trace.info;
  std::vector<Cell> cells = {
      IntegerCell(trace.id),       TextCell(info.name),
      TextCell(info.path),         TextCell(info.format),
      Optional(info.size_bytes),   TextCell(info.sha256),
      Optional(info.comment),      TextCell(trace.ingested_at),
      TextCell(info.tool_version), TextCell(std::string(StatusName(trace.status))),
      Optional(trace.error),       Optional(trace.loader_host),
      Optional(trace.loader_pid)};
  AppendSummary(trace.summary, &cells);
  std::optional<std::string> tags = TagsJson(info.tags);
  cells.push_back(tags ? JsonCell(*tags) : NullCell());
  cells.push_back(TextCell(info.time_unit));
  return cells;
}

}  // namespace tracedb

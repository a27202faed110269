// tracedb list: the traces of an archive, one per row.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/background_purge.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/trace_fields.h"
#include "model/latin1_text.h"
#include "pipeline/formats.h"
#include "pipeline/open_archive.h"
#include "results/csv_text.h"
#include "results/json_table.h"
#include "results/table_text.h"

namespace tracedb {
namespace list_command {
namespace {

constexpr Option kOptions[] = {
    {"csv", nullptr, "every column, as CSV"},
    {"json", nullptr, "every column, as a JSON array", nullptr, false, true},
    {"tag", "KEY[=VALUE]", "only traces with this tag", nullptr, true},
    {"status", "S", "only traces of this status: loading, complete, failed or deleting"},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}};

constexpr UsageForm kUsage[] = {{.operands = ""}};

constexpr const char* kDescription =
    "List the traces of a database, one per line: id, name, status\n"
    "(complete, loading, failed), when its ingest began (UTC), file size,\n"
    "rows (containers, states, events, variables and links), time span,\n"
    "tags (when some trace has any) and comment; a failed trace shows its\n"
    "error there instead. --tag and --status keep the traces with all those\n"
    "tags (KEY: any value) and of that status. Traces\n"
    "whose ingest was interrupted (its process is gone) are removed first,\n"
    "and said so on stderr. The span has three decimals, in seconds (s) for\n"
    "Paraver and in the trace's own unit for Pajé. --csv and --json print\n"
    "every column of the trace table instead.\n";

constexpr const char* kExamples =
    "tracedb list --db runs.sqlite --tag app=lu --status complete\n"
    "# Names of the complete traces, with jq\n"
    "tracedb list --json | jq -r '.[] | select(.status == \"complete\") | .name'\n";

struct ListArgs {
  std::string db;
  QueryFormat format = QueryFormat::kText;  // --csv, --json: every trace column
  std::vector<std::string> tags;            // --tag KEY or KEY=VALUE: only traces with all
  std::optional<TraceStatus> status;        // --status: only traces of it
};


// Enough of an error to recognise it; `tracedb info` shows all of it.
constexpr size_t kErrorWidth = 60;

// "812 B", "5.6 kB", "1.2 GB": decimal units, like file managers.
std::string HumanSize(int64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "kB", "MB", "GB", "TB", "PB"};
  if (bytes < 1000) return std::to_string(bytes) + " B";
  double size = static_cast<double>(bytes);
  size_t unit = 0;
  while (size >= 999.95 && unit + 1 < std::size(kUnits)) {
    size /= 1000;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", size, kUnits[unit]);
  return text;
}

// The first line of `text`, cut to `width` code points; "..." marks a cut.
std::string Abbreviate(const std::string& text, size_t width) {
  std::string line = text.substr(0, text.find_first_of("\r\n"));
  std::vector<size_t> starts;  // the byte offset of each code point
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xc0) != 0x80) starts.push_back(i);
  }
  bool more_lines = line.size() < text.size();
  if (starts.size() <= width && !more_lines) return line;
  if (starts.size() <= width - 3) return line + "...";
  return line.substr(0, starts[width - 3]) + "...";
}

Cell RowsCell(const TraceRecord& trace) {
  if (!trace.summary) return NullCell();
  const TraceSummary& s = *trace.summary;
  return IntegerCell(s.container_count + s.state_count + s.event_count + s.variable_count +
                     s.link_count);
}

// A failed trace shows why instead of its comment.
Cell NoteCell(const TraceRecord& trace) {
  if (trace.status == TraceStatus::kFailed) {
    return TextCell("error: " + Abbreviate(trace.error.value_or("?"), kErrorWidth));
  }
  return trace.info.comment ? TextCell(*trace.info.comment) : NullCell();
}

// "1.810 s": three decimals in every row, with the unit of the trace's
// format (none for Pajé, whose times are in the trace's own).
Cell SpanCell(const TraceRecord& trace) {
  const TraceFormat* format = FindFormat(trace.info.format);
  std::string unit =
      format != nullptr && *format->unit != '\0' ? " " + std::string(format->unit) : "";
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", trace.summary->end_time - trace.summary->start_time);
  return TextCell(text + unit);
}

// "host=a run=3", NULL for none.
Cell TagsCell(const TraceRecord& trace) {
  std::string text;
  for (const ExtraField& tag : trace.info.tags) {
    if (!text.empty()) text += ' ';
    text += tag.name + "=" + tag.value;
  }
  return text.empty() ? NullCell() : TextCell(text);
}

std::vector<Cell> SummaryRow(const TraceRecord& trace, bool with_tags) {
  const TraceInfo& info = trace.info;
  std::vector<Cell> cells = {IntegerCell(trace.id),
                             TextCell(info.name),
                             TextCell(std::string(StatusName(trace.status))),
                             TextCell(trace.ingested_at),
                             info.size_bytes ? TextCell(HumanSize(*info.size_bytes)) : NullCell(),
                             RowsCell(trace),
                             trace.summary ? SpanCell(trace) : NullCell()};
  if (with_tags) cells.push_back(TagsCell(trace));
  cells.push_back(NoteCell(trace));
  return cells;
}

// The tags column shows when some trace has tags.
std::string TextList(const std::vector<TraceRecord>& traces) {
  bool with_tags = std::any_of(traces.begin(), traces.end(),
                               [](const TraceRecord& trace) { return !trace.info.tags.empty(); });
  ResultTable table{
      .columns = {"id", "name", "status", "ingested_at", "size", "rows", "span", "comment"}};
  if (with_tags) table.columns.insert(table.columns.end() - 1, "tags");
  for (const TraceRecord& trace : traces) table.rows.push_back(SummaryRow(trace, with_tags));
  // Sizes and spans are text ("5.6 kB", "1.810 s") but read best aligned
  // like numbers.
  TextTableOptions options{.align = {Align::kAuto, Align::kAuto, Align::kAuto, Align::kAuto,
                                     Align::kRight, Align::kAuto, Align::kRight}};
  return FormatTextTable(table, options);
}

// Every column of the trace table, as JSON or CSV.
std::string FullList(const std::vector<TraceRecord>& traces, QueryFormat format) {
  ResultTable table{.columns = TraceColumns()};
  for (const TraceRecord& trace : traces) table.rows.push_back(TraceCells(trace));
  return format == QueryFormat::kCsv ? FormatCsv(table) : FormatJsonArray(table);
}

// CleanInterrupted, naming what it removed; `traces` loses those too.
void RemoveInterrupted(Archive& archive, std::vector<TraceRecord>* traces) {
  for (int64_t id : archive.loader->CleanInterrupted()) {
    auto removed = std::find_if(traces->begin(), traces->end(),
                                [id](const TraceRecord& trace) { return trace.id == id; });
    // A load that began after ListTraces and died since has no name here.
    std::string name = removed == traces->end() ? "" : " (" + removed->info.name + ")";
    spdlog::warn("{}: removed trace {}{}, whose ingest was interrupted", archive.name(), id, name);
    if (removed != traces->end()) traces->erase(removed);
  }
}

// --tag KEY=VALUE: a tag KEY of that value; --tag KEY: a tag KEY.
bool HasTag(const TraceRecord& trace, const std::string& given) {
  std::string filter = Latin1AsUtf8(given);  // as the tags were stored
  size_t equals = filter.find('=');
  std::string key = filter.substr(0, equals);
  return std::any_of(trace.info.tags.begin(), trace.info.tags.end(), [&](const ExtraField& tag) {
    return tag.name == key &&
           (equals == std::string::npos || tag.value == filter.substr(equals + 1));
  });
}

bool Wanted(const TraceRecord& trace, const ListArgs& args) {
  if (args.status && trace.status != *args.status) return false;
  return std::all_of(args.tags.begin(), args.tags.end(),
                     [&](const std::string& filter) { return HasTag(trace, filter); });
}

int List(const ListArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  std::vector<TraceRecord> traces = archive->catalog->ListTraces();
  RemoveInterrupted(*archive, &traces);
  // A trace left "deleting" by a background removal that was killed keeps
  // its rows until a tracedb delete finishes it: say so, or nobody would know.
  WarnStoppedRemovals(archive->name(), traces);
  bool filtered = args.status || !args.tags.empty();
  bool any = !traces.empty();
  std::erase_if(traces, [&](const TraceRecord& trace) { return !Wanted(trace, args); });
  if (args.format != QueryFormat::kText) {
    std::fputs(FullList(traces, args.format).c_str(), stdout);
    return 0;
  }
  if (traces.empty() && any && filtered) {
    std::cerr << archive->name() << ": no trace matches (tracedb list shows them all)\n";
    return 0;
  }
  if (traces.empty()) {
    std::cerr << archive->name() << ": no traces yet; add some with tracedb ingest --db "
              << archive->name() << " FILE\n";
    return 0;
  }
  std::fputs(TextList(traces).c_str(), stdout);
  return 0;
}


TraceStatus StatusArgument(const std::string& text) {
  for (TraceStatus status : {TraceStatus::kLoading, TraceStatus::kComplete, TraceStatus::kFailed,
                             TraceStatus::kDeleting}) {
    if (text == StatusName(status)) return status;
  }
  throw UsageError("--status must be loading, complete, failed or deleting, not '" + text + "'");
}

int Run(const Arguments& arguments) {
  if (!arguments.operands.empty()) throw UsageError("takes no arguments");
  ListArgs args{.db = DatabaseArgument(arguments),
                .format = OutputFormat(arguments),
                .tags = Texts(arguments, "tag")};
  if (std::optional<std::string> status = Text(arguments, "status")) {
    args.status = StatusArgument(*status);
  }
  return List(args);
}

}  // namespace
}  // namespace list_command

const Command kListCommand{
    .name = "list",
    .summary = "the traces in a database",
    .usage = list_command::kUsage,
    .options = list_command::kGroups,
    .description = list_command::kDescription,
    .examples = list_command::kExamples,
    .run = list_command::Run,
};

}  // namespace tracedb

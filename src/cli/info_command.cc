// tracedb info: one trace in full, and how many rows each of its types has.
#include <cstdio>
#include <string>

#include "cli/background_purge.h"
#include "cli/command_list.h"
#include "cli/shared_options.h"
#include "cli/trace_fields.h"
#include "db/db_error.h"
#include "pipeline/open_archive.h"
#include "results/json_table.h"
#include "results/table_text.h"

namespace tracedb {
namespace info_command {
namespace {

constexpr Option kOptions[] = {
    {"json", nullptr, "one JSON object, with \"types\""},
};

constexpr OptionGroup kGroups[] = {kDatabaseGroup, {kOptions}};

constexpr UsageForm kUsage[] = {{.operands = "TRACE"}};

constexpr const char* kDescription =
    "Show one trace: every column of its trace row (file, digest, status,\n"
    "loader, time span, row counts per table), then each of its types with\n"
    "its kind, name, alias and number of rows (the containers, states,\n"
    "events, variables or links of that type).\n";

constexpr const char* kExamples =
    "tracedb info --db runs.sqlite 1\n"
    "tracedb info --json ring.paje\n";

struct InfoArgs {
  std::string db;
  std::string trace;  // id or name
  bool json = false;
};


// "field  value" lines, then a blank line and the types with a header.
std::string TextInfo(const TraceRecord& trace, const ResultTable& types) {
  ResultTable fields{.columns = {"field", "value"}};
  std::vector<Cell> cells = TraceCells(trace);
  for (size_t i = 0; i < cells.size(); ++i) {
    fields.rows.push_back({TextCell(TraceColumns()[i]), cells[i]});
  }
  std::string out =
      FormatTextTable(fields, {.align = {Align::kLeft, Align::kLeft}, .header = false});
  return out + "\n" + FormatTextTable(types);
}

// The trace's columns as one object, its types as the array "types".
std::string JsonInfo(const TraceRecord& trace, const ResultTable& types) {
  std::string out;
  AppendJsonObject(&out, TraceColumns(), TraceCells(trace));
  out.pop_back();  // the '}', to add one more member
  out += ",\"types\":[";
  for (size_t i = 0; i < types.rows.size(); ++i) {
    if (i > 0) out += ',';
    AppendJsonObject(&out, types.columns, types.rows[i]);
  }
  return out + "]}\n";
}

int Info(const InfoArgs& args) {
  std::unique_ptr<Archive> archive = OpenArchive(args.db, ArchiveAccess::kRead);
  std::optional<TraceDetail> detail = archive->catalog->Describe(args.trace);
  if (!detail) throw DbError(archive->name(), "no trace '" + args.trace + "' (see tracedb list)");
  WarnStoppedRemovals(archive->name(), {detail->trace});
  std::string out =
      args.json ? JsonInfo(detail->trace, detail->types) : TextInfo(detail->trace, detail->types);
  std::fputs(out.c_str(), stdout);
  return 0;
}


int Run(const Arguments& arguments) {
  return Info(InfoArgs{.db = DatabaseArgument(arguments),
                       .trace = OneOperand(arguments, "TRACE"),
                       .json = Flag(arguments, "json")});
}

}  // namespace
}  // namespace info_command

const Command kInfoCommand{
    .name = "info",
    .summary = "everything about one trace, with the row count of each type",
    .usage = info_command::kUsage,
    .options = info_command::kGroups,
    .description = info_command::kDescription,
    .examples = info_command::kExamples,
    .run = info_command::Run,
};

}  // namespace tracedb

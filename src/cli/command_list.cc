#include "cli/command_list.h"

namespace tracedb {
namespace {

const Command* const kCommands[] = {
    &kDumpCommand,    &kIngestCommand,    &kWatchCommand,   &kListCommand,    &kInfoCommand,
    &kDeleteCommand,  &kSummarizeCommand, &kQueryCommand,   &kExportCsvCommand,
    &kProfileCommand, &kCommCommand,      &kCompareCommand, &kPlotCommand,    &kReportCommand,
    &kSchemaCommand,
};

}  // namespace

std::span<const Command* const> Commands() { return kCommands; }

const Command* FindCommand(std::string_view name) {
  for (const Command* command : kCommands) {
    if (name == command->name) return command;
  }
  return nullptr;
}

}  // namespace tracedb

// Every command of tracedb, in the order `tracedb help` lists them. A new
// command is a file of cli/ that defines its Command, plus one line here
// and one in command_list.cc.
//
// Constant data; any thread.
#pragma once

#include <span>
#include <string_view>

#include "cli/command.h"

namespace tracedb {

extern const Command kDumpCommand;
extern const Command kIngestCommand;
extern const Command kWatchCommand;
extern const Command kListCommand;
extern const Command kInfoCommand;
extern const Command kDeleteCommand;
extern const Command kSummarizeCommand;
extern const Command kQueryCommand;
extern const Command kExportCsvCommand;
extern const Command kProfileCommand;
extern const Command kCommCommand;
extern const Command kCompareCommand;
extern const Command kPlotCommand;
extern const Command kReportCommand;
extern const Command kSchemaCommand;

std::span<const Command* const> Commands();

// The command called `name`; nullptr if there is none.
const Command* FindCommand(std::string_view name);

}  // namespace tracedb

// The command line of one command, parsed against its declaration
// (command.h) into Arguments. The only user of cxxopts.
//
// Plain function; the main thread.
#pragma once

#include <optional>

#include "cli/arguments.h"
#include "cli/command.h"

namespace tracedb {

// Parses argv (argv[0] is the command's name). Prints the command's help
// page and returns nullopt for --help. Throws UsageError for an unknown
// option, a missing value, or a one-value option given twice.
std::optional<Arguments> ParseCommandLine(const Command& command, int argc, char** argv);

}  // namespace tracedb

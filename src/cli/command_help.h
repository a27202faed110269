// What `tracedb --help` and `tracedb COMMAND --help` print, laid out like a
// man page: a usage line, what the command does, its options (from
// cxxopts, cli.cc) and examples. The prose lives here, apart from the
// option parsing, so that it reads as one text and is edited as one.
//
// Plain constant data; no threading concerns.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace tracedb {

struct CommandHelp {
  const char* name;         // "ingest"
  const char* summary;      // one line, for the list of commands
  const char* usage;        // the synopsis after "tracedb NAME "
  const char* description;  // paragraphs, each line under 80 columns
  const char* examples;     // command lines, each after a "# why" line
};

// Every command, in the order `tracedb --help` lists them.
std::span<const CommandHelp> CommandHelps();

// The entry of command `name`, one of CommandHelps().
const CommandHelp& HelpOf(std::string_view name);

// `tracedb --help`: the version, the commands with their summaries, and
// how to get more.
std::string OverviewHelp(std::string_view version);

// `tracedb NAME --help`, given the option table cxxopts prints for it.
std::string CommandHelpText(const CommandHelp& help, const std::string& options);

}  // namespace tracedb

// What `tracedb help`, `tracedb help COMMAND` and `tracedb COMMAND --help`
// print, and the usage lines of docs/usage.md: all made from the commands'
// declarations (command.h), laid out like a man page in lines that fit a
// terminal.
//
// Plain functions; any thread.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command.h"

namespace tracedb {

// The usage lines of `command`, one per form, each "tracedb NAME ..." and
// wrapped at `width` columns, its next lines indented under the first
// argument.
std::vector<std::string> UsageLines(const Command& command, size_t width);

// `tracedb NAME --help`: the summary, usage, description, the notes of its
// option groups, its options and the common ones, examples.
std::string CommandPage(const Command& command);

// `tracedb --help`: the version, the commands with their summaries, and
// how to get more.
std::string OverviewPage(std::span<const Command* const> commands, std::string_view version);

// The usage lines of every command, as docs/usage.md's synopsis shows them
// (100 columns).
std::string Synopsis(std::span<const Command* const> commands);

}  // namespace tracedb

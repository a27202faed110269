// Command: one command of tracedb, declared once in its own file of cli/
// (ingest_command.cc, ...): its options, its usage forms, its help text and
// the function that runs it. The command line's parser (parse_command_line.h),
// the usage lines and every help page (help_text.h) are made from these
// declarations, so that they cannot drift apart; command_list.h registers
// each command once.
//
// Plain constant data, constant-initialized; read from any thread.
#pragma once

#include <span>
#include <string_view>

namespace tracedb {

struct Arguments;  // arguments.h: what the parser found

// One option. `flags` is "db" or "u,user-fields" (a short name, then the
// long one); the long name is the option's key in Arguments.
struct Option {
  const char* flags;
  const char* value = nullptr;     // its argument's name, "DB"; nullptr: a flag
  const char* help = "";           // one line, under 50 columns
  const char* fallback = nullptr;  // the value when not given: "(default: ...)" in help
  bool repeatable = false;         // given any number of times: "[--tag KEY=VALUE]..."
  bool or_previous = false;        // one or the other: "[--csv | --json]" in usage
  bool hidden = false;             // passed only by tracedb itself: in no help or usage
};

// "user-fields" of "u,user-fields".
inline std::string_view LongName(const Option& option) {
  std::string_view flags = option.flags;
  size_t comma = flags.find(',');
  return comma == std::string_view::npos ? flags : flags.substr(comma + 1);
}

// Options that go together, declared once for every command that takes
// them (shared_options.h), with the paragraph that explains them once on
// each such command's page ("DB: a SQLite file or ...").
struct OptionGroup {
  std::span<const Option> options;
  const char* note = nullptr;
};

// One line of usage: "tracedb NAME", the `required` options (by long name,
// separated by blanks) unbracketed, the others bracketed, then `operands`.
// `only` (long names) keeps just those of the others; `omit` leaves those
// out. "TRACE" in any form's operands puts TRACE's note on the page.
struct UsageForm {
  const char* operands;
  const char* required = "";
  const char* only = nullptr;
  const char* omit = "";
};

struct Command {
  const char* name;     // "ingest"
  const char* summary;  // one line, for the list of commands
  std::span<const UsageForm> usage;
  std::span<const OptionGroup> options;  // in the order help lists them
  const char* description;               // paragraphs, each line under 80 columns
  const char* examples;                  // command lines, each after a "# why" line
  // Whether an argument that starts with '-' but has a blank before any '='
  // is an operand rather than an option: query's SQL may open with a
  // "-- comment" (no option's name has a blank).
  bool dashed_operands = false;
  // Runs the command with what the parser found; returns the exit code.
  // Throws UsageError (arguments.h) for arguments that make no sense.
  int (*run)(const Arguments& arguments);
};

}  // namespace tracedb

// Arguments: what the command line's parser (parse_command_line.h) found for
// one command, and the typed readings of it that the commands share. A
// reading that does not fit throws UsageError, whose text names the option
// as typed: "--threads must be a whole number from 0 to 64, not 'x'".
//
// Plain data; one thread.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb {

// Arguments that make no sense: exit code 2, and a pointer to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Arguments {
  // By long name, each option given (a flag as "true") or with a fallback
  // (command.h): its values, in the order given.
  std::map<std::string, std::vector<std::string>, std::less<>> values;
  std::vector<std::string> operands;  // what is not an option, in order
};

// Whether option `name` was given, or has a fallback.
bool Has(const Arguments& args, std::string_view name);
bool Flag(const Arguments& args, std::string_view name);
// The value of a one-value option; nullopt when not given and no fallback.
std::optional<std::string> Text(const Arguments& args, std::string_view name);
// Every value of a repeatable option.
std::vector<std::string> Texts(const Arguments& args, std::string_view name);
// A whole number within [min, max].
int64_t Number(const Arguments& args, std::string_view name, int64_t min, int64_t max);
// A number of seconds, 0 or more (fractions allowed).
double Seconds(const Arguments& args, std::string_view name);
// A time of the trace, in its own unit: any finite number.
double Time(const Arguments& args, std::string_view name);
// The one operand a command takes, called `what` in messages ("missing
// FILE", "one FILE only").
std::string OneOperand(const Arguments& args, std::string_view what);

}  // namespace tracedb

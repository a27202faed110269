#include "cli/parse_command_line.h"

// cxxopts splits the values of a list option at commas, so that
// `ingest a,b.paje` read two files: no argument can hold a NUL, so none is
// split. This file is the only user of cxxopts.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <algorithm>
#include <cxxopts.hpp>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/help_text.h"
#include "cli/shared_options.h"

namespace tracedb {
namespace {

// The key every operand is gathered under.
constexpr const char* kOperands = "operands";

void Declare(cxxopts::Options& options, const Option& option) {
  std::shared_ptr<cxxopts::Value> value;
  if (option.value == nullptr) {
    value = cxxopts::value<bool>();
  } else if (option.repeatable) {
    value = cxxopts::value<std::vector<std::string>>();
  } else {
    value = cxxopts::value<std::string>();
  }
  options.add_options()(option.flags, option.help, value);
}

// The command's option groups, then the common ones.
std::vector<OptionGroup> AllGroups(const Command& command) {
  std::vector<OptionGroup> groups(command.options.begin(), command.options.end());
  groups.insert(groups.end(), std::begin(kCommonGroups), std::end(kCommonGroups));
  return groups;
}

cxxopts::Options Declared(const Command& command, std::span<const OptionGroup> groups) {
  cxxopts::Options options(std::string("tracedb ") + command.name, "");
  for (const OptionGroup& group : groups) {
    for (const Option& option : group.options) Declare(options, option);
  }
  options.add_options()(kOperands, "", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({kOperands});
  return options;
}

// Whether an argument that starts with '-' is an operand (SQL that opens
// with a "-- comment"), not an option: an option's name, before any '=',
// has no blank.
bool IsDashedOperand(std::string_view arg) {
  std::string_view name = arg.substr(0, arg.find('='));
  return arg.starts_with('-') && name.find_first_of(" \t\r\n") != std::string_view::npos;
}

// argv with such operands moved after a "--", which ends the options:
// `tracedb query "-- note
// SELECT 1"` runs the statement instead of failing on an unknown option.
std::vector<char*> DashedOperandsLast(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  if (std::find_if(args.begin(), args.end(),
                   [](char* arg) { return arg == std::string_view("--"); }) != args.end()) {
    return args;
  }
  auto operands = std::stable_partition(args.begin() + 1, args.end(),
                                        [](char* arg) { return !IsDashedOperand(arg); });
  if (operands != args.end()) args.insert(operands, const_cast<char*>("--"));
  return args;
}

// cxxopts quotes option names in curly quotes ("Option ‘nosuch’ does not
// exist"): we spell them as they are typed, --nosuch or -x, and quote
// anything else with ASCII quotes.
std::string AsTyped(std::string message) {
  const std::string open = "\u2018", close = "\u2019", option = "Option ";
  for (size_t at = message.find(open); at != std::string::npos; at = message.find(open, at)) {
    size_t end = message.find(close, at);
    if (end == std::string::npos) break;
    std::string name = message.substr(at + open.size(), end - at - open.size());
    bool is_option =
        at >= option.size() && message.compare(at - option.size(), option.size(), option) == 0;
    std::string typed = is_option ? (name.size() == 1 ? "-" : "--") + name : "'" + name + "'";
    message.replace(at, end + close.size() - at, typed);
    at += typed.size();
  }
  if (message.starts_with(option)) message[0] = 'o';
  return message;
}

const Option* Find(std::span<const OptionGroup> groups, std::string_view long_name) {
  for (const OptionGroup& group : groups) {
    for (const Option& option : group.options) {
      if (LongName(option) == long_name) return &option;
    }
  }
  return nullptr;
}

// An option of one value given twice is refused: cxxopts keeps the last
// one, so 'profile --from 2 ... --from 5' ran on a window the user may not
// have meant. Flags and lists (--tag) may repeat.
void RefuseRepeated(const Arguments& args, std::span<const OptionGroup> groups) {
  for (const auto& [name, values] : args.values) {
    const Option* option = Find(groups, name);
    if (values.size() > 1 && option != nullptr && option->value != nullptr &&
        !option->repeatable) {
      throw UsageError("--" + name + " is given twice; it takes one value");
    }
  }
}

// What cxxopts found, by long name, with the fallbacks of the options not given.
Arguments Found(const cxxopts::ParseResult& result, std::span<const OptionGroup> groups) {
  Arguments args;
  for (const cxxopts::KeyValue& given : result.arguments()) {
    if (given.key() == kOperands) {
      args.operands.push_back(given.value());
    } else {
      args.values[given.key()].push_back(given.value());
    }
  }
  RefuseRepeated(args, groups);
  for (const OptionGroup& group : groups) {
    for (const Option& option : group.options) {
      std::string name(LongName(option));
      if (option.fallback != nullptr && !args.values.contains(name)) {
        args.values[name] = {option.fallback};
      }
    }
  }
  return args;
}

}  // namespace

std::optional<Arguments> ParseCommandLine(const Command& command, int argc, char** argv) {
  std::vector<char*> argv_used(argv, argv + argc);
  if (command.dashed_operands) argv_used = DashedOperandsLast(argc, argv);
  try {
    std::vector<OptionGroup> groups = AllGroups(command);
    cxxopts::Options options = Declared(command, groups);
    cxxopts::ParseResult result =
        options.parse(static_cast<int>(argv_used.size()), argv_used.data());
    if (result.count("help")) {
      std::cout << CommandPage(command);
      return std::nullopt;
    }
    return Found(result, groups);
  } catch (const cxxopts::exceptions::exception& e) {
    throw UsageError(AsTyped(e.what()));
  }
}

}  // namespace tracedb

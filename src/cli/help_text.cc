#include "cli/help_text.h"

#include <algorithm>
#include <cstring>

#include "cli/shared_options.h"

namespace tracedb {
namespace {

constexpr size_t kPageWidth = 80;
constexpr size_t kSynopsisWidth = 100;
// Where the options' help starts, at most: a longer name gets a line of its own.
constexpr size_t kMaxHelpColumn = 32;

std::string_view ShortName(const Option& option) {
  std::string_view flags = option.flags;
  size_t comma = flags.find(',');
  return comma == std::string_view::npos ? std::string_view() : flags.substr(0, comma);
}

// Whether `name` is one of the blank-separated names of `list`.
bool Listed(const char* list, std::string_view name) {
  std::string_view rest = list == nullptr ? "" : list;
  while (!rest.empty()) {
    size_t blank = rest.find(' ');
    if (rest.substr(0, blank) == name) return true;
    rest = blank == std::string_view::npos ? "" : rest.substr(blank + 1);
  }
  return false;
}

// "-z", "--db DB": how usage spells an option.
std::string Spelled(const Option& option) {
  std::string_view short_name = ShortName(option);
  std::string out = short_name.empty() ? "--" + std::string(LongName(option))
                                       : "-" + std::string(short_name);
  if (option.value != nullptr) out += " " + std::string(option.value);
  return out;
}

bool Shown(const Option& option, const UsageForm& form) {
  std::string_view name = LongName(option);
  if (option.hidden || Listed(form.required, name) || Listed(form.omit, name)) return false;
  return form.only == nullptr || Listed(form.only, name);
}

// The words of a usage form: the required options, the others in
// brackets, then the operands (a word each, for wrapping).
std::vector<std::string> UsageWords(const Command& command, const UsageForm& form) {
  std::vector<std::string> words;
  for (const OptionGroup& group : command.options) {
    for (const Option& option : group.options) {
      if (Listed(form.required, LongName(option))) words.push_back(Spelled(option));
    }
  }
  bool previous_shown = false;
  for (const OptionGroup& group : command.options) {
    for (const Option& option : group.options) {
      bool shown = Shown(option, form);
      if (shown && option.or_previous && previous_shown) {
        words.back().insert(words.back().rfind(']'), " | " + Spelled(option));
      } else if (shown) {
        words.push_back("[" + Spelled(option) + "]" + (option.repeatable ? "..." : ""));
      }
      previous_shown = shown;
    }
  }
  if (*form.operands != '\0') words.push_back(form.operands);
  return words;
}

// `words` after `prefix`, wrapped at `width`, next lines under the first word.
std::string Wrapped(const std::string& prefix, const std::vector<std::string>& words,
                    size_t width) {
  std::string out = prefix;
  size_t line_start = 0;
  bool first = true;
  for (const std::string& word : words) {
    if (!first && out.size() - line_start + 1 + word.size() > width) {
      out += "\n";
      line_start = out.size();
      out += std::string(prefix.size(), ' ');
    } else if (!first) {
      out += " ";
    }
    out += word;
    first = false;
  }
  return out;
}

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  size_t at = 0;
  while ((at = text.find_first_not_of(' ', at)) != std::string_view::npos) {
    size_t end = std::min(text.find(' ', at), text.size());
    words.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

// "  -u, --user-fields", "      --db DB": an option's left column.
std::string OptionName(const Option& option) {
  std::string_view short_name = ShortName(option);
  std::string out = short_name.empty() ? "      " : "  -" + std::string(short_name) + ", ";
  out += "--" + std::string(LongName(option));
  if (option.value != nullptr) out += " " + std::string(option.value);
  return out;
}

std::string OptionHelp(const Option& option) {
  std::string help = option.help;
  if (option.repeatable) help += " (repeatable)";
  if (option.fallback != nullptr) help += " (default: " + std::string(option.fallback) + ")";
  return help;
}

// One row of an options table: the name, then the help from `column` on,
// wrapped within the page.
std::string OptionRow(const Option& option, size_t column) {
  std::string name = OptionName(option);
  std::string head = name.size() + 2 <= column ? name + std::string(column - name.size(), ' ')
                                               : name + "\n" + std::string(column, ' ');
  std::string help = Wrapped(std::string(column, ' '), Words(OptionHelp(option)), kPageWidth);
  return head + help.substr(column) + "\n";
}

std::vector<const Option*> Visible(std::span<const OptionGroup> groups) {
  std::vector<const Option*> options;
  for (const OptionGroup& group : groups) {
    for (const Option& option : group.options) {
      if (!option.hidden) options.push_back(&option);
    }
  }
  return options;
}

std::string OptionTable(std::span<const OptionGroup> groups) {
  std::vector<const Option*> options = Visible(groups);
  size_t widest = 0;
  for (const Option* option : options) {
    size_t width = OptionName(*option).size() + 2;
    if (width <= kMaxHelpColumn) widest = std::max(widest, width);
  }
  std::string out;
  for (const Option* option : options) out += OptionRow(*option, widest);
  return out;
}

// Every line of `text`, indented by two spaces.
std::string Indented(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (!line.empty()) out.append("  ").append(line);
    out.push_back('\n');
    start = end + 1;
  }
  return out;
}

bool TakesTrace(const Command& command) {
  return std::any_of(command.usage.begin(), command.usage.end(), [](const UsageForm& form) {
    return std::strstr(form.operands, "TRACE") != nullptr;
  });
}

// The notes of the command's option groups, then TRACE's, each after a
// blank line.
std::string Notes(const Command& command) {
  std::string out;
  for (const OptionGroup& group : command.options) {
    if (group.note != nullptr) out += "\n" + std::string(group.note);
  }
  if (TakesTrace(command)) out += "\n" + std::string(kTraceNote);
  return out;
}

std::string UsageBlock(const Command& command) {
  std::string out;
  for (const std::string& line : UsageLines(command, kPageWidth - 7)) {
    out += (out.empty() ? "usage: " : "       ");
    for (char c : line) out += c == '\n' ? "\n       " : std::string(1, c);
    out += "\n";
  }
  return out;
}

}  // namespace

std::vector<std::string> UsageLines(const Command& command, size_t width) {
  std::vector<std::string> lines;
  std::string prefix = "tracedb " + std::string(command.name) + " ";
  for (const UsageForm& form : command.usage) {
    std::vector<std::string> words = UsageWords(command, form);
    lines.push_back(Wrapped(prefix, words, width));
  }
  return lines;
}

std::string CommandPage(const Command& command) {
  return "tracedb " + std::string(command.name) + " - " + command.summary + "\n\n" +
         UsageBlock(command) + "\n" + command.description + Notes(command) + "\noptions:\n" +
         OptionTable(command.options) + "\ncommon options:\n" + OptionTable(kCommonGroups) +
         "\nexamples:\n" + Indented(command.examples);
}

std::string OverviewPage(std::span<const Command* const> commands, std::string_view version) {
  std::string out = "tracedb " + std::string(version) +
                    " - parallel-program execution traces into SQL\n\n"
                    "usage: tracedb COMMAND [OPTIONS] ARGS\n\ncommands:\n";
  for (const Command* command : commands) {
    std::string name = command->name;
    name.resize(std::max<size_t>(name.size() + 2, 12), ' ');
    out += "  " + name + command->summary + "\n";
  }
  return out +
         "\nRun 'tracedb help COMMAND' (or 'tracedb COMMAND --help') for the options of a\n"
         "command. Every command takes --log-level LEVEL: off, error, warn (the\n"
         "default), info or debug.\n";
}

std::string Synopsis(std::span<const Command* const> commands) {
  std::string out;
  for (const Command* command : commands) {
    for (const std::string& line : UsageLines(*command, kSynopsisWidth)) out += line + "\n";
  }
  return out + "tracedb help [COMMAND]\n";
}

}  // namespace tracedb

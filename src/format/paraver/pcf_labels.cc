#include "format/paraver/pcf_labels.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "format/paraver/trim.h"

namespace tracedb::paraver {
namespace {

// A section name: upper-case letters and underscores only.
bool IsSectionName(std::string_view line) {
  for (char c : line) {
    if (!(c >= 'A' && c <= 'Z') && c != '_') return false;
  }
  return !line.empty() && line != "VALUES";
}

// Splits "TOKEN   rest of line" at the first white space; nullopt when
// nothing follows the token.
std::optional<std::pair<std::string_view, std::string_view>> HeadAndRest(std::string_view line) {
  size_t space = line.find_first_of(kBlanks);
  if (space == std::string_view::npos) return std::nullopt;
  std::string_view rest = Trim(line.substr(space));
  if (rest.empty()) return std::nullopt;
  return std::pair{line.substr(0, space), rest};
}

template <typename T>
std::optional<T> Number(std::string_view text) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<EventValue> ValueNumber(std::string_view text) {
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.front() == '-') return std::nullopt;
  auto magnitude = Number<uint64_t>(text);
  if (!magnitude) return std::nullopt;
  return EventValue{*magnitude, negative && *magnitude != 0};
}

// "VALUE LABEL..." with a non-negative VALUE.
std::optional<std::pair<int64_t, std::string>> NumberedLabel(std::string_view line) {
  auto split = HeadAndRest(line);
  if (!split || split->first.front() == '-') return std::nullopt;
  auto number = Number<int64_t>(split->first);
  if (!number) return std::nullopt;
  return std::pair{*number, std::string(split->second)};
}

// "{R,G,B}", each a number from 0 to 255, blanks allowed around them.
bool IsColour(std::string_view text) {
  if (text.size() < 2 || text.front() != '{' || text.back() != '}') return false;
  text = text.substr(1, text.size() - 2);
  for (int part = 0; part < 3; ++part) {
    size_t comma = part < 2 ? text.find(',') : text.size();
    if (comma == std::string_view::npos) return false;
    auto number = Number<int>(Trim(text.substr(0, comma)));
    if (!number || *number < 0 || *number > 255) return false;
    text.remove_prefix(std::min(comma + 1, text.size()));
  }
  return true;
}

class PcfParser {
 public:
  void Line(std::string_view line) {
    ++number_;
    if (line.empty() || line.front() == '#') return;
    if (IsSectionName(line)) {
      section_ = line;
      types_.clear();
      in_values_ = false;
      return;
    }
    if (section_ == "STATES") {
      auto label = NumberedLabel(line);
      if (!label) return Ignore(line, "is not a state's NUMBER NAME");
      labels_.states[label->first] = label->second;
    } else if (section_ == "STATES_COLOR") {
      auto label = NumberedLabel(line);
      if (!label || !IsColour(label->second))
        return Ignore(line, "is not a state's NUMBER {R,G,B}");
      labels_.state_colors[label->first] = label->second;
    } else if (section_ == "EVENT_TYPE") {
      EventTypeLine(line);
    } else if (section_.empty()) {
      Ignore(line, "comes before any section");
    }
  }
  PcfLabels Take() { return std::move(labels_); }

 private:
  void Ignore(std::string_view line, const char* problem) {
    labels_.ignored.Add(number_, QuotedLine(line) + " " + problem);
  }

  // "COLOR TYPE LABEL...", then after "VALUES", "VALUE LABEL...".
  void EventTypeLine(std::string_view line) {
    if (line == "VALUES") {
      in_values_ = true;
      return;
    }
    if (in_values_) {
      auto split = HeadAndRest(line);
      std::optional<EventValue> value = split ? ValueNumber(split->first) : std::nullopt;
      if (!value) return Ignore(line, "is not an event value's NUMBER NAME");
      for (int64_t type : types_) labels_.event_values[type][*value] = split->second;
      return;
    }
    auto after_color = HeadAndRest(line);
    auto type = after_color ? NumberedLabel(after_color->second) : std::nullopt;
    if (!type) return Ignore(line, "is not an event type's COLOUR NUMBER NAME");
    types_.push_back(type->first);
    labels_.event_types[type->first] = type->second;
  }

  PcfLabels labels_;
  uint64_t number_ = 0;  // of the line
  std::string_view section_;
  std::vector<int64_t> types_;  // of the current EVENT_TYPE block
  bool in_values_ = false;
};

}  // namespace

PcfLabels ParsePcf(std::string_view text) {
  PcfParser parser;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    parser.Line(Trim(text.substr(0, nl)));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return parser.Take();
}

}  // namespace tracedb::paraver

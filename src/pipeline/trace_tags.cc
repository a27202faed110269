#include "pipeline/trace_tags.h"

#include <algorithm>
#include <stdexcept>

namespace tracedb {
namespace {

bool IsKeyCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

void CheckKey(std::string_view key) {
  if (!key.empty() && std::all_of(key.begin(), key.end(), IsKeyCharacter)) return;
  throw std::invalid_argument("a tag's KEY is letters, digits, '_', '.' and '-', not '" +
                              std::string(key) + "'");
}

// The regex that matches `c` itself.
std::string Literal(char c) {
  static constexpr std::string_view kSpecial = "\\^$.|?*+()[]{}";
  return kSpecial.find(c) == std::string_view::npos ? std::string(1, c) : std::string("\\") + c;
}

void SortByKey(Extras* tags) {
  std::stable_sort(tags->begin(), tags->end(),
                   [](const ExtraField& a, const ExtraField& b) { return a.name < b.name; });
}

bool HasKey(const Extras& tags, std::string_view key) {
  return std::any_of(tags.begin(), tags.end(),
                     [&](const ExtraField& tag) { return tag.name == key; });
}

}  // namespace

ExtraField ParseTag(std::string_view text) {
  size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    throw std::invalid_argument("--tag wants KEY=VALUE, not '" + std::string(text) + "'");
  }
  CheckKey(text.substr(0, equals));
  return {std::string(text.substr(0, equals)), std::string(text.substr(equals + 1))};
}

Extras ParseTags(const std::vector<std::string>& texts) {
  Extras tags;
  for (const std::string& text : texts) {
    ExtraField tag = ParseTag(text);
    if (HasKey(tags, tag.name)) {
      throw std::invalid_argument("--tag " + tag.name + " given twice");
    }
    tags.push_back(std::move(tag));
  }
  SortByKey(&tags);
  return tags;
}

NamePattern CompileNamePattern(std::string_view pattern) {
  NamePattern compiled{.text = std::string(pattern)};
  std::string regex;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '*') {
      regex += ".*";
    } else if (pattern[i] != '{') {
      regex += Literal(pattern[i]);
    } else {
      size_t close = pattern.find('}', i);
      if (close == std::string_view::npos) {
        throw std::invalid_argument("--tags-from-name: a '{' without its '}'");
      }
      std::string key(pattern.substr(i + 1, close - i - 1));
      CheckKey(key);
      if (std::find(compiled.keys.begin(), compiled.keys.end(), key) != compiled.keys.end()) {
        throw std::invalid_argument("--tags-from-name: {" + key + "} twice");
      }
      compiled.keys.push_back(key);
      regex += "(.*?)";
      i = close;
    }
  }
  if (compiled.keys.empty()) {
    throw std::invalid_argument("--tags-from-name: no {KEY} in '" + compiled.text + "'");
  }
  compiled.regex = std::regex(regex);
  return compiled;
}

Extras TagsFor(const TraceLabels& labels, std::string_view file_name, std::string* warning) {
  Extras tags = labels.tags;
  if (!labels.tags_from_name) return tags;
  const NamePattern& pattern = *labels.tags_from_name;
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_match(file_name.begin(), file_name.end(), match, pattern.regex)) {
    *warning =
        "the name does not match --tags-from-name '" + pattern.text + "': no tags taken from it";
    return tags;
  }
  for (size_t k = 0; k < pattern.keys.size(); ++k) {
    if (!HasKey(labels.tags, pattern.keys[k])) tags.push_back({pattern.keys[k], match[k + 1]});
  }
  SortByKey(&tags);
  return tags;
}

}  // namespace tracedb

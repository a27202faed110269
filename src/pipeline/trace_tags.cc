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

// Matches pieces [piece..] to name [at..], filling `values` (one per key)
// when it does. Each (piece, at) that failed once is not tried again, which
// bounds the work by pieces x length x length.
class Matcher {
 public:
  Matcher(const NamePattern& pattern, std::string_view name)
      : pattern_(pattern),
        name_(name),
        failed_((pattern.pieces.size() + 1) * (name.size() + 1), false),
        values_(pattern.keys.size()) {}

  bool Match(size_t piece, size_t at) {
    if (piece == pattern_.pieces.size()) return at == name_.size();
    size_t slot = piece * (name_.size() + 1) + at;
    if (failed_[slot]) return false;
    if (MatchPiece(piece, at)) return true;
    failed_[slot] = true;
    return false;
  }

  const std::vector<std::string>& values() const { return values_; }

 private:
  bool MatchPiece(size_t piece, size_t at) {
    const PatternPiece& p = pattern_.pieces[piece];
    if (!p.any) {
      return name_.substr(at).starts_with(p.literal) && Match(piece + 1, at + p.literal.size());
    }
    for (size_t end = at; end <= name_.size(); ++end) {  // as short as the rest allows
      if (!Match(piece + 1, end)) continue;
      if (p.key >= 0) values_[p.key] = std::string(name_.substr(at, end - at));
      return true;
    }
    return false;
  }

  const NamePattern& pattern_;
  std::string_view name_;
  std::vector<bool> failed_;
  std::vector<std::string> values_;
};

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
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '*') {
      compiled.pieces.push_back({.any = true});
    } else if (pattern[i] != '{') {
      if (compiled.pieces.empty() || compiled.pieces.back().any) compiled.pieces.push_back({});
      compiled.pieces.back().literal += pattern[i];
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
      compiled.pieces.push_back({.key = static_cast<int>(compiled.keys.size()), .any = true});
      compiled.keys.push_back(key);
      i = close;
    }
  }
  if (compiled.keys.empty()) {
    throw std::invalid_argument("--tags-from-name: no {KEY} in '" + compiled.text + "'");
  }
  return compiled;
}

Extras TagsFor(const TraceLabels& labels, std::string_view file_name, std::string* warning) {
  Extras tags = labels.tags;
  if (!labels.tags_from_name) return tags;
  const NamePattern& pattern = *labels.tags_from_name;
  Matcher matcher(pattern, file_name);
  if (!matcher.Match(0, 0)) {
    *warning =
        "the name does not match --tags-from-name '" + pattern.text + "': no tags taken from it";
    return tags;
  }
  for (size_t k = 0; k < pattern.keys.size(); ++k) {
    if (!HasKey(labels.tags, pattern.keys[k])) {
      tags.push_back({pattern.keys[k], matcher.values()[k]});
    }
  }
  SortByKey(&tags);
  return tags;
}

}  // namespace tracedb

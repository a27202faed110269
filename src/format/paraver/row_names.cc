#include "format/paraver/row_names.h"

#include <charconv>
#include <optional>

#include "format/paraver/trim.h"

namespace tracedb::paraver {
namespace {

std::string_view NextWord(std::string_view* s) {
  *s = Trim(*s);
  size_t end = s->find_first_of(kBlanks);
  std::string_view word = s->substr(0, end);
  s->remove_prefix(word.size());
  return word;
}

struct LevelLine {
  std::string name;
  size_t size;
};

// "LEVEL NAME SIZE N"
std::optional<LevelLine> ParseLevelLine(std::string_view line) {
  if (NextWord(&line) != "LEVEL") return std::nullopt;
  std::string_view name = NextWord(&line);
  if (name.empty() || NextWord(&line) != "SIZE") return std::nullopt;
  std::string_view count = NextWord(&line);
  size_t size = 0;
  auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), size);
  if (ec != std::errc() || end != count.data() + count.size() || count.empty()) {
    return std::nullopt;
  }
  return LevelLine{std::string(name), size};
}

}  // namespace

std::string_view RowNames::Label(std::string_view level, size_t index) const {
  auto it = levels.find(level);
  if (it == levels.end() || index >= it->second.size()) return {};
  return it->second[index];
}

namespace {

class RowParser {
 public:
  void Line(std::string_view line) {
    ++number_;
    std::string_view trimmed = Trim(line);
    if (auto level = ParseLevelLine(line)) return Open(*level, trimmed);
    if (trimmed.starts_with('#')) return;
    if (labels_ != nullptr && labels_->size() < wanted_) {
      labels_->emplace_back(Trim(line.substr(0, line.find('#'))));
      return;
    }
    if (trimmed.empty()) return;
    std::string quoted = QuotedLine(trimmed);
    if (trimmed.starts_with("LEVEL")) {
      names_.ignored.Add(number_, quoted + " is not LEVEL NAME SIZE N");
    } else if (labels_ == nullptr) {
      names_.ignored.Add(number_, quoted + " comes before any LEVEL line");
    } else {
      names_.ignored.Add(number_, quoted + " is past the SIZE of " + QuotedLine(level_line_));
    }
  }
  RowNames Take() { return std::move(names_); }

 private:
  void Open(const LevelLine& level, std::string_view line) {
    labels_ = &names_.levels[level.name];
    labels_->clear();
    wanted_ = level.size;
    level_line_ = line;
  }

  RowNames names_;
  std::vector<std::string>* labels_ = nullptr;  // of the open block
  size_t wanted_ = 0;
  std::string level_line_;  // the open block's
  uint64_t number_ = 0;     // of the line
};

}  // namespace

RowNames ParseRow(std::string_view text) {
  RowParser parser;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    parser.Line(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return parser.Take();
}

}  // namespace tracedb::paraver

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

RowNames ParseRow(std::string_view text) {
  RowNames names;
  std::vector<std::string>* labels = nullptr;  // of the open block
  size_t wanted = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (auto level = ParseLevelLine(line)) {
      labels = &names.levels[level->name];
      labels->clear();
      wanted = level->size;
      continue;
    }
    if (labels == nullptr || labels->size() >= wanted || Trim(line).starts_with('#')) continue;
    labels->emplace_back(Trim(line.substr(0, line.find('#'))));
  }
  return names;
}

}  // namespace tracedb::paraver

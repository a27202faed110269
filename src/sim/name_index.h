// NameIndex: identifier -> id, looked up by string_view without allocating.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tracedb {

struct StringViewHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class NameIndex {
 public:
  std::optional<uint32_t> Find(std::string_view name) const {
    auto it = map_.find(name);
    if (it == map_.end()) return std::nullopt;
    return it->second;
  }
  bool Contains(std::string_view name) const { return map_.find(name) != map_.end(); }
  void Insert(std::string_view name, uint32_t id) { map_.emplace(std::string(name), id); }
  size_t size() const { return map_.size(); }

 private:
  std::unordered_map<std::string, uint32_t, StringViewHash, std::equal_to<>> map_;
};

}  // namespace tracedb

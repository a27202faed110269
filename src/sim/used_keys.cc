#include "sim/used_keys.h"

#include <charconv>
#include <optional>

namespace tracedb {
namespace {

struct SplitKey {
  std::string_view prefix;
  uint64_t number;
};

// "mpi_1234" -> {"mpi_", 1234}. Only canonical numbers (no leading zero, at
// most 18 digits) qualify, so that each key maps to exactly one pair.
std::optional<SplitKey> Split(std::string_view key) {
  size_t digits_at = key.size();
  while (digits_at > 0 && key[digits_at - 1] >= '0' && key[digits_at - 1] <= '9') --digits_at;
  std::string_view digits = key.substr(digits_at);
  if (digits.empty() || digits.size() > 18 || (digits.size() > 1 && digits[0] == '0')) {
    return std::nullopt;
  }
  uint64_t n = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), n);
  return SplitKey{key.substr(0, digits_at), n};
}

}  // namespace

bool UsedKeys::Contains(const Runs& runs, uint64_t n) {
  auto it = runs.upper_bound(n);
  if (it == runs.begin()) return false;
  --it;
  return n <= it->second;
}

void UsedKeys::Insert(Runs& runs, uint64_t n) {
  auto next = runs.upper_bound(n);
  bool joins_next = next != runs.end() && next->first == n + 1;
  if (next != runs.begin()) {
    auto prev = std::prev(next);
    if (n <= prev->second) return;
    if (prev->second + 1 == n) {
      prev->second = joins_next ? next->second : n;
      if (joins_next) runs.erase(next);
      return;
    }
  }
  if (joins_next) {
    uint64_t last = next->second;
    runs.erase(next);
    runs.emplace(n, last);
    return;
  }
  runs.emplace(n, n);
}

bool UsedKeys::Contains(std::string_view key) const {
  if (auto split = Split(key)) {
    auto it = numbered_.find(split->prefix);
    return it != numbered_.end() && Contains(it->second, split->number);
  }
  return other_.find(key) != other_.end();
}

void UsedKeys::Insert(std::string_view key) {
  if (auto split = Split(key)) {
    auto it = numbered_.find(split->prefix);
    if (it == numbered_.end()) it = numbered_.emplace(std::string(split->prefix), Runs{}).first;
    Insert(it->second, split->number);
    return;
  }
  other_.emplace(key);
}

size_t UsedKeys::pieces() const {
  size_t n = other_.size();
  for (const auto& [prefix, runs] : numbered_) n += runs.size();
  return n;
}

}  // namespace tracedb

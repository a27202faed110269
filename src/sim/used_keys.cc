#include "sim/used_keys.h"

#include <algorithm>
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
  auto after = std::upper_bound(runs.begin(), runs.end(), n,
                                [](uint64_t v, const Run& r) { return v < r.first; });
  return after != runs.begin() && n <= std::prev(after)->last;
}

void UsedKeys::Insert(Runs& runs, uint64_t n) {
  auto next = std::upper_bound(runs.begin(), runs.end(), n,
                               [](uint64_t v, const Run& r) { return v < r.first; });
  bool joins_next = next != runs.end() && next->first == n + 1;
  if (next != runs.begin()) {
    auto prev = std::prev(next);
    if (n <= prev->last) return;
    if (prev->last + 1 == n) {
      prev->last = joins_next ? next->last : n;
      if (joins_next) runs.erase(next);
      return;
    }
  }
  if (joins_next) {
    next->first = n;
    return;
  }
  runs.insert(next, Run{n, n});
}

UsedKeys::Runs* UsedKeys::FindRuns(std::string_view prefix) {
  if (last_runs_ != nullptr && prefix == last_prefix_) return last_runs_;
  auto it = numbered_.find(prefix);
  if (it == numbered_.end()) return nullptr;
  last_prefix_ = prefix;
  last_runs_ = &it->second;
  return last_runs_;
}

bool UsedKeys::Contains(std::string_view key) {
  if (auto split = Split(key)) {
    const Runs* runs = FindRuns(split->prefix);
    return runs != nullptr && Contains(*runs, split->number);
  }
  return other_.find(key) != other_.end();
}

void UsedKeys::Insert(std::string_view key) {
  if (auto split = Split(key)) {
    Runs* runs = FindRuns(split->prefix);
    if (runs == nullptr) runs = &numbered_.emplace(std::string(split->prefix), Runs{}).first->second;
    Insert(*runs, split->number);
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

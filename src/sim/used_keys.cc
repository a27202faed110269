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

NumberSet* UsedKeys::FindNumbers(std::string_view prefix) {
  if (last_numbers_ != nullptr && prefix == last_prefix_) return last_numbers_;
  auto it = numbered_.find(prefix);
  if (it == numbered_.end()) return nullptr;
  last_prefix_ = prefix;
  last_numbers_ = &it->second;
  return last_numbers_;
}

bool UsedKeys::Contains(std::string_view key) {
  if (auto split = Split(key)) {
    const NumberSet* numbers = FindNumbers(split->prefix);
    return numbers != nullptr && numbers->Contains(split->number);
  }
  return other_.find(key) != other_.end();
}

void UsedKeys::Insert(std::string_view key) {
  if (auto split = Split(key)) {
    NumberSet* numbers = FindNumbers(split->prefix);
    if (numbers == nullptr) {
      numbers = &numbered_.emplace(std::string(split->prefix), NumberSet{}).first->second;
    }
    numbers->Insert(split->number);
    return;
  }
  other_.emplace(key);
}

size_t UsedKeys::numbered_bytes() const {
  size_t n = 0;
  for (const auto& [prefix, numbers] : numbered_) n += numbers.bytes();
  return n;
}

}  // namespace tracedb

#include "sim/link_numbers.h"

#include <charconv>
#include <string_view>

namespace tracedb {
namespace {

std::optional<int64_t> Integer(std::string_view text) {
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// The first integer among the fields named `upper` or `lower`.
std::optional<int64_t> FirstInteger(const Extras& extras, std::string_view upper,
                                    std::string_view lower) {
  for (const ExtraField& field : extras) {
    if (field.name != upper && field.name != lower) continue;
    if (auto value = Integer(field.value)) return value;
  }
  return std::nullopt;
}

void Merge(std::optional<int64_t>* link, const std::optional<int64_t>& half, LinkSide side) {
  if (half && (side == LinkSide::kStart || !*link)) *link = half;
}

}  // namespace

LinkNumbers LinkNumbersOf(const Extras& extras) {
  if (extras.empty()) return {};
  return {.size = FirstInteger(extras, "Size", "size"), .tag = FirstInteger(extras, "Tag", "tag")};
}

void MergeLinkNumbers(LinkNumbers* link, const LinkNumbers& half, LinkSide side) {
  Merge(&link->size, half.size, side);
  Merge(&link->tag, half.tag, side);
}

}  // namespace tracedb

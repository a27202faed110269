// Numbers on the generators' command lines: "--seed 7", "--size 100M". Expected failures are
// nullopt; the caller prints its usage.
#pragma once

#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tracedb::bench {

inline std::optional<std::uint64_t> ParseUint(std::string_view s) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// Bytes, with an optional K, M, G or T suffix (powers of 1024): "1M", "100M", "5G".
inline std::optional<std::uint64_t> ParseSize(std::string_view s) {
  constexpr std::string_view kSuffixes = "KMGT";  // 2^10, 2^20, 2^30, 2^40
  int shift = 0;
  const std::size_t suffix =
      s.empty()
          ? std::string_view::npos
          : kSuffixes.find(static_cast<char>(std::toupper(static_cast<unsigned char>(s.back()))));
  if (suffix != std::string_view::npos) {
    shift = 10 * static_cast<int>(suffix + 1);
    s.remove_suffix(1);
  }
  const auto v = ParseUint(s);
  if (!v || *v > (UINT64_MAX >> shift)) return std::nullopt;
  return *v << shift;
}

}  // namespace tracedb::bench

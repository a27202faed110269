#include "format/paje/line_tokenizer.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace tracedb::paje {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }
bool EndsToken(char c) { return c == ' ' || c == '\t' || c == '#'; }

static_assert(std::endian::native == std::endian::little, "TokenEnd reads words little-endian");

constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHighs = 0x8080808080808080ULL;

// The bytes of `word` equal to `c` have their high bit set in the result
// (exact: no false positives, unlike the cheaper has-zero test).
uint64_t BytesEqual(uint64_t word, char c) {
  uint64_t x = word ^ (kOnes * static_cast<unsigned char>(c));
  return ~(((x & ~kHighs) + ~kHighs) | x) & kHighs;
}

// The end of the unquoted token starting at p: tokens are a few bytes long
// and this runs for every one of them, so it looks at 8 bytes at a time.
const char* TokenEnd(const char* p, const char* end) {
  while (end - p >= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    uint64_t hits = BytesEqual(word, ' ') | BytesEqual(word, '\t') | BytesEqual(word, '#');
    if (hits != 0) return p + __builtin_ctzll(hits) / 8;  // little-endian: first byte first
    p += 8;
  }
  while (p < end && !EndsToken(*p)) ++p;
  return p;
}

}  // namespace

TokenizeResult TokenizeLine(std::string_view line, std::vector<std::string_view>* out) {
  const char* p = line.data();
  const char* end = p + line.size();
  while (true) {
    while (p < end && IsBlank(*p)) ++p;
    if (p == end || *p == '#') return TokenizeResult::kOk;
    if (*p == '"') {
      const char* close = static_cast<const char*>(std::memchr(p + 1, '"', end - p - 1));
      if (close == nullptr) return TokenizeResult::kUnterminatedQuote;
      out->emplace_back(p + 1, close - p - 1);
      p = close + 1;
      continue;
    }
    const char* start = p;
    p = TokenEnd(p, end);
    out->emplace_back(start, p - start);
  }
}

}  // namespace tracedb::paje

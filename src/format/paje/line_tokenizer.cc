#include "format/paje/line_tokenizer.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>

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

// One bit per byte of `word`, bit i for byte i: the high bits of `bytes`
// (each 0x80 or 0) gathered by one multiply, without carries.
uint64_t ByteMask(uint64_t bytes) { return ((bytes & kHighs) * 0x0002040810204081ULL) >> 56; }

// The 8 bytes of the line at p, of which the first `count` (1-8) are its
// own; the rest read as blanks. Read as the word that ends at the line's
// end when fewer than 8 remain, never past it (the line is at least 8).
uint64_t WordAt(const char* p, size_t count, const char* line_end) {
  uint64_t word;
  if (count == 8) {
    std::memcpy(&word, p, 8);
    return word;
  }
  std::memcpy(&word, line_end - 8, 8);
  word >>= 8 * (8 - count);
  return word | (kOnes * ' ') << 8 * count;
}

// The line's blanks as a bit mask, a bit per byte (lines of 8 to 63
// bytes); nullopt when it holds a quote or a comment, for the general scan.
std::optional<uint64_t> BlankMask(std::string_view line) {
  const char* end = line.data() + line.size();
  uint64_t blanks = 0;
  uint64_t special = 0;
  for (size_t at = 0; at < line.size(); at += 8) {
    uint64_t word = WordAt(line.data() + at, std::min<size_t>(8, line.size() - at), end);
    blanks |= ByteMask(BytesEqual(word, ' ') | BytesEqual(word, '\t')) << at;
    special |= BytesEqual(word, '"') | BytesEqual(word, '#');
  }
  if (special != 0) return std::nullopt;
  return blanks | ~uint64_t{0} << line.size();  // past the end: blanks too
}

// Tokens of a line without quotes or comments, from its mask of blanks:
// each token is a run of zero bits.
void TokensOfMask(const char* p, uint64_t blanks, std::vector<std::string_view>* out) {
  uint64_t filled = ~blanks;
  while (filled != 0) {
    int start = __builtin_ctzll(filled);
    int end = __builtin_ctzll(blanks >> start) + start;  // a blank follows: bit 63 is one
    out->emplace_back(p + start, static_cast<size_t>(end - start));
    filled &= ~uint64_t{0} << end;
  }
}

// Quotes, comments, and lines too short or too long for a mask.
TokenizeResult TokenizeScanning(std::string_view line, std::vector<std::string_view>* out) {
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

}  // namespace

// Nearly every line of a trace is 8 to 63 bytes of plain tokens: one pass
// of word operations finds all its blanks, and the tokens come from the
// mask without a branch per byte (TokenizeLine was a tenth of a dump).
TokenizeResult TokenizeLine(std::string_view line, std::vector<std::string_view>* out) {
  if (line.size() >= 8 && line.size() < 64) {
    if (std::optional<uint64_t> blanks = BlankMask(line)) {
      TokensOfMask(line.data(), *blanks, out);
      return TokenizeResult::kOk;
    }
  }
  return TokenizeScanning(line, out);
}

}  // namespace tracedb::paje

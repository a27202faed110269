#include "model/utf8.h"

#include <cstdint>
#include <cstring>

namespace tracedb {
namespace {

constexpr uint64_t kHighs = 0x8080808080808080ULL;

uint64_t Word(const char* p) {
  uint64_t word;
  std::memcpy(&word, p, 8);
  return word;
}

// Where the first byte >= 0x80 at or after `i` is, or text.size().
size_t SkipAscii(std::string_view text, size_t i) {
  while (i + 8 <= text.size() && (Word(text.data() + i) & kHighs) == 0) i += 8;
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

}  // namespace

bool HasHighByte(std::string_view text) {
  constexpr size_t kStep = 64;
  const char* p = text.data();
  size_t left = text.size();
  // Eight words or'ed together, one test per step: this runs over every
  // block of a trace, so it must cost little beside reading it.
  for (; left >= kStep; p += kStep, left -= kStep) {
    uint64_t any = 0;
    for (size_t k = 0; k < kStep; k += 8) any |= Word(p + k);
    if ((any & kHighs) != 0) return true;
  }
  return SkipAscii(std::string_view(p, left), 0) != left;
}

size_t Utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  // 0x80..0xC1 continue a sequence or start an overlong one; 0xF5 and up
  // would start one past U+10FFFF.
  size_t n = lead >= 0xF5 ? 0 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  unsigned char second = byte(i + 1);
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
  if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
      (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90)) {
    return 0;
  }
  return n;
}

bool IsUtf8(std::string_view text) {
  for (size_t i = SkipAscii(text, 0); i < text.size(); i = SkipAscii(text, i)) {
    size_t n = Utf8SequenceLength(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string CutUtf8(std::string_view text, size_t bytes) {
  if (text.size() <= bytes) return std::string(text);
  size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "\u2026";
}

}  // namespace tracedb

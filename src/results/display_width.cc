#include "results/display_width.h"

#include <cstdint>
#include <iterator>

#include "model/utf8.h"

namespace tracedb {
namespace {

struct Range {
  char32_t first;
  char32_t last;
};

constexpr Range kZero[] = {{0x0300, 0x036F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
                           {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}};

constexpr Range kWide[] = {
    {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},
    {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE30, 0xFE4F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
    {0x1F680, 0x1F6FF}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};

template <size_t N>
bool In(const Range (&ranges)[N], char32_t c) {
  for (const Range& range : ranges) {
    if (c >= range.first && c <= range.last) return true;
  }
  return false;
}

// The code point of the valid sequence of `length` bytes at text[i].
char32_t Decode(std::string_view text, size_t i, size_t length) {
  static constexpr uint8_t kLeadBits[] = {0, 0, 0x1f, 0x0f, 0x07};
  char32_t c = static_cast<uint8_t>(text[i]) & kLeadBits[length];
  for (size_t k = 1; k < length; ++k) c = c << 6 | (static_cast<uint8_t>(text[i + k]) & 0x3f);
  return c;
}

}  // namespace

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size();) {
    size_t length = Utf8SequenceLength(text, i);
    if (length == 0) {  // ASCII, or a byte that starts nothing valid
      ++width;
      ++i;
      continue;
    }
    char32_t c = Decode(text, i, length);
    width += In(kZero, c) ? 0 : In(kWide, c) ? 2 : 1;
    i += length;
  }
  return width;
}

}  // namespace tracedb

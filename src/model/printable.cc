#include "model/printable.h"

namespace tracedb {
namespace {

constexpr size_t kHead = 640;  // bytes of a long message kept before the cut
constexpr size_t kTail = 320;  // and after it

// The length of the valid UTF-8 sequence starting at text[i], or 0.
size_t Utf8Length(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  size_t n = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  if (lead >= 0xF8 || n == 0 || i + n > text.size()) return 0;
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

std::string Escaped(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : Utf8Length(text, i);
    if (c >= 0x20 && c != 0x7F && n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
    ++i;
  }
  return out;
}

// Moves a cut back to the start of a UTF-8 sequence; the text is escaped,
// so every byte >= 0x80 belongs to a valid one.
size_t CharStart(std::string_view text, size_t at) {
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string Printable(std::string_view text) {
  std::string out = Escaped(text);
  if (out.size() <= kMaxPrintable) return out;
  size_t head = CharStart(out, kHead);
  size_t tail = CharStart(out, out.size() - kTail);
  return out.substr(0, head) + "...(" + std::to_string(tail - head) + " bytes not shown)..." +
         out.substr(tail);
}

}  // namespace tracedb

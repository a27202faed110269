#include "model/printable.h"

#include "model/utf8.h"

namespace tracedb {
namespace {

constexpr size_t kHead = 640;  // bytes of a long message kept before the cut
constexpr size_t kTail = 320;  // and after it

std::string Escaped(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : Utf8SequenceLength(text, i);
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

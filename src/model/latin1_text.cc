#include "model/latin1_text.h"

#include "model/utf8.h"

namespace tracedb {
namespace {

void AppendLatin1(unsigned char c, std::string* out) {
  out->push_back(static_cast<char>(0xC0 | (c >> 6)));
  out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
}

}  // namespace

std::string Latin1AsUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  for (size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : Utf8SequenceLength(text, i);
    if (n == 0) {
      AppendLatin1(c, &out);
      ++i;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

bool RecodeTexts(std::span<std::string_view> texts, std::deque<std::string>* store) {
  bool any = false;
  for (std::string_view& text : texts) {
    if (IsUtf8(text)) continue;
    text = store->emplace_back(Latin1AsUtf8(text));
    any = true;
  }
  return any;
}

Latin1Lines RecodeLines(std::string* text) {
  Latin1Lines lines;
  if (!HasHighByte(*text)) return lines;
  std::string out;
  std::string_view rest = *text;
  for (uint64_t number = 1; !rest.empty(); ++number) {
    size_t end = rest.find('\n');
    end = end == std::string_view::npos ? rest.size() : end + 1;
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end);
    if (IsUtf8(line)) {
      out.append(line);
      continue;
    }
    out += Latin1AsUtf8(line);
    lines.Add(number);
  }
  *text = std::move(out);
  return lines;
}

InputError Latin1Warning(const std::string& file, const Latin1Lines& lines) {
  std::string which = lines.count == 1 ? "the only such line"
                                       : "first of " + std::to_string(lines.count) + " lines";
  return InputError(file, lines.first, "bytes that are not UTF-8 read as Latin-1 (" + which + ")");
}

}  // namespace tracedb

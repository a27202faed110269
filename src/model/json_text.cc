#include "model/json_text.h"

#include "model/utf8.h"

namespace tracedb {

namespace {

// A recursive-descent check of RFC 8259's grammar; `at` moves past what it
// accepts. Nesting deeper than kMaxDepth is refused rather than recursed.
constexpr int kMaxDepth = 256;

class JsonCheck {
 public:
  explicit JsonCheck(std::string_view text) : text_(text) {}

  bool Whole() { return Value(0) && (Blanks(), at_ == text_.size()); }

 private:
  void Blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                  text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool Take(char c) {
    Blanks();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  bool Word(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  bool Value(int depth) {
    Blanks();
    if (at_ >= text_.size() || depth > kMaxDepth) return false;
    switch (text_[at_]) {
      case '{':
        return Members(depth);
      case '[':
        return Elements(depth);
      case '"':
        return String();
      case 't':
        return Word("true");
      case 'f':
        return Word("false");
      case 'n':
        return Word("null");
      default:
        return Number();
    }
  }
  bool Members(int depth) {
    ++at_;
    if (Take('}')) return true;
    do {
      Blanks();
      if (!String() || !Take(':') || !Value(depth + 1)) return false;
    } while (Take(','));
    return Take('}');
  }
  bool Elements(int depth) {
    ++at_;
    if (Take(']')) return true;
    do {
      if (!Value(depth + 1)) return false;
    } while (Take(','));
    return Take(']');
  }
  bool String() {
    if (at_ >= text_.size() || text_[at_] != '"') return false;
    for (++at_; at_ < text_.size(); ++at_) {
      auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') return ++at_, true;
      if (c < 0x20) return false;
      if (c == '\\' && ++at_ >= text_.size()) return false;
    }
    return false;
  }
  bool Digits() {
    size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    return at_ > start;
  }
  bool Number() {
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    if (!Digits()) return false;
    if (at_ < text_.size() && text_[at_] == '.' && (++at_, !Digits())) return false;
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      if (!Digits()) return false;
    }
    return true;
  }

  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace

bool IsJsonValue(std::string_view text) { return JsonCheck(text).Whole(); }

namespace {

// The escape of a byte that JSON text cannot hold as it is: a quote, a
// backslash, a control character, or a byte of no valid UTF-8 sequence,
// which becomes U+FFFD (RFC 8259, 8.1: JSON text is UTF-8; SQL can make
// text that is not, and no parser would read it).
void AppendEscape(std::string* out, unsigned char byte) {
  static constexpr char kHex[] = "0123456789abcdef";
  if (byte >= 0x80) {
    out->append("\\ufffd");
  } else if (byte < 0x20) {
    out->append("\\u00");
    out->push_back(kHex[byte >> 4]);
    out->push_back(kHex[byte & 0xf]);
  } else {
    out->push_back('\\');
    out->push_back(static_cast<char>(byte));
  }
}

}  // namespace

void AppendJsonString(std::string* out, std::string_view text) {
  out->push_back('"');
  size_t plain = 0;  // start of the run of characters that need no escape
  for (size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x80) {
      size_t length = Utf8SequenceLength(text, i);
      if (length > 0) {
        i += length - 1;
        continue;
      }
    } else if (byte != '"' && byte != '\\' && byte >= 0x20) {
      continue;
    }
    out->append(text.substr(plain, i - plain));
    plain = i + 1;
    AppendEscape(out, byte);
  }
  out->append(text.substr(plain));
  out->push_back('"');
}

bool IsExactJsonNumber(std::string_view text) {
  if (text.empty() || text.size() > kMaxExactJsonNumber) return false;
  size_t at = text[0] == '-' ? 1 : 0;
  auto digits = [&] {
    size_t start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    return at - start;
  };
  size_t whole = digits();
  if (whole == 0 || (whole > 1 && text[at - whole] == '0')) return false;  // none, or "007"
  if (at < text.size() && text[at] == '.' && (++at, digits() == 0)) return false;
  if (at != text.size()) return false;
  bool negative_zero = text[0] == '-' && text.find_first_of("123456789") == std::string_view::npos;
  return !negative_zero;
}

}  // namespace tracedb

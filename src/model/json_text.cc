#include "model/json_text.h"

#include <charconv>
#include <stdexcept>

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

void AppendJsonString(std::string* out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t plain = 0;  // start of the run of characters that need no escape
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    auto u = static_cast<unsigned char>(c);
    if (c != '"' && c != '\\' && u >= 0x20) continue;  // UTF-8 and other bytes pass through
    out->append(text.substr(plain, i - plain));
    plain = i + 1;
    if (u < 0x20) {
      out->append("\\u00");
      out->push_back(kHex[u >> 4]);
      out->push_back(kHex[u & 0xf]);
    } else {
      out->push_back('\\');
      out->push_back(c);
    }
  }
  out->append(text.substr(plain));
  out->push_back('"');
}

std::string ExtrasToJson(const Extras& extras) {
  std::string out;
  AppendExtrasJson(&out, extras);
  return out;
}

void AppendExtrasJson(std::string* out, const Extras& extras) {
  if (extras.empty()) return;
  out->push_back('{');
  for (size_t i = 0; i < extras.size(); ++i) {
    if (i > 0) out->push_back(',');
    AppendJsonString(out, extras[i].name);
    out->push_back(':');
    AppendJsonString(out, extras[i].value);
  }
  out->push_back('}');
}

namespace {

class JsonCursor {
 public:
  explicit JsonCursor(std::string_view text) : text_(text) {}

  void Expect(char c) {
    SkipSpace();
    if (i_ >= text_.size() || text_[i_] != c) Fail();
    ++i_;
  }
  bool Peek(char c) {
    SkipSpace();
    return i_ < text_.size() && text_[i_] == c;
  }
  std::string String() {
    Expect('"');
    std::string out;
    while (i_ < text_.size() && text_[i_] != '"') {
      char c = text_[i_++];
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (i_ >= text_.size()) Fail();
      char e = text_[i_++];
      if (e == 'u') {
        AppendCodePoint(&out, HexDigits());
        continue;
      }
      out.push_back(Unescaped(e));
    }
    Expect('"');
    return out;
  }
  // The character a one-letter escape stands for.
  char Unescaped(char e) const {
    switch (e) {
      case '"':
      case '\\':
      case '/':
        return e;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      default:
        Fail();
    }
  }
  // The four hex digits of a \u escape.
  unsigned HexDigits() {
    unsigned v = 0;
    if (i_ + 4 > text_.size()) Fail();
    auto [end, error] = std::from_chars(text_.data() + i_, text_.data() + i_ + 4, v, 16);
    if (error != std::errc() || end != text_.data() + i_ + 4) Fail();
    i_ += 4;
    return v;
  }
  // As UTF-8; surrogates (never written by ExtrasToJson) are refused.
  void AppendCodePoint(std::string* out, unsigned v) const {
    if (v >= 0xd800 && v <= 0xdfff) Fail();
    if (v < 0x80) {
      out->push_back(static_cast<char>(v));
    } else if (v < 0x800) {
      out->push_back(static_cast<char>(0xc0 | (v >> 6)));
      out->push_back(static_cast<char>(0x80 | (v & 0x3f)));
    } else {
      out->push_back(static_cast<char>(0xe0 | (v >> 12)));
      out->push_back(static_cast<char>(0x80 | ((v >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (v & 0x3f)));
    }
  }
  bool AtEnd() {
    SkipSpace();
    return i_ == text_.size();
  }
  [[noreturn]] void Fail() const {
    throw std::runtime_error("malformed user-field JSON: " + std::string(text_));
  }

 private:
  void SkipSpace() {
    while (i_ < text_.size() && (text_[i_] == ' ' || text_[i_] == '\n')) ++i_;
  }
  std::string_view text_;
  size_t i_ = 0;
};

}  // namespace

std::vector<std::pair<std::string, std::string>> JsonToFields(std::string_view json) {
  std::vector<std::pair<std::string, std::string>> fields;
  if (json.empty()) return fields;
  JsonCursor cursor(json);
  cursor.Expect('{');
  if (!cursor.Peek('}')) {
    do {
      std::string name = cursor.String();
      cursor.Expect(':');
      fields.emplace_back(std::move(name), cursor.String());
    } while (cursor.Peek(',') && (cursor.Expect(','), true));
  }
  cursor.Expect('}');
  if (!cursor.AtEnd()) cursor.Fail();
  return fields;
}

}  // namespace tracedb

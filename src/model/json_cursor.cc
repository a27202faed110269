#include "model/json_cursor.h"

#include <charconv>
#include <stdexcept>

namespace tracedb {

void JsonCursor::SkipBlanks() {
  while (at_ < text_.size() &&
         (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' || text_[at_] == '\r')) {
    ++at_;
  }
}

bool JsonCursor::Peek(char c) {
  SkipBlanks();
  return at_ < text_.size() && text_[at_] == c;
}

bool JsonCursor::Take(char c) {
  if (!Peek(c)) return false;
  ++at_;
  return true;
}

void JsonCursor::Expect(char c) {
  if (!Take(c)) Fail();
}

bool JsonCursor::AtEnd() {
  SkipBlanks();
  return at_ == text_.size();
}

void JsonCursor::Fail() const {
  throw std::runtime_error("malformed user-field JSON: " + std::string(text_));
}

std::string JsonCursor::String() {
  Expect('"');
  std::string out;
  while (at_ < text_.size() && text_[at_] != '"') {
    char c = text_[at_++];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (at_ >= text_.size()) Fail();
    char e = text_[at_++];
    if (e == 'u') {
      AppendCodePoint(&out, HexDigits());
      continue;
    }
    out.push_back(Unescaped(e));
  }
  Expect('"');
  return out;
}

size_t JsonCursor::Digits() {
  size_t start = at_;
  while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
  return at_ - start;
}

bool JsonCursor::TakeNull() {
  SkipBlanks();
  if (text_.substr(at_, 4) != "null") return false;
  at_ += 4;
  return true;
}

// RFC 8259's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
std::string JsonCursor::Number() {
  SkipBlanks();
  size_t start = at_;
  if (at_ < text_.size() && text_[at_] == '-') ++at_;
  size_t whole = Digits();
  if (whole == 0 || (whole > 1 && text_[at_ - whole] == '0')) Fail();
  if (at_ < text_.size() && text_[at_] == '.' && (++at_, Digits() == 0)) Fail();
  if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
    ++at_;
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
    if (Digits() == 0) Fail();
  }
  return std::string(text_.substr(start, at_ - start));
}

// The character a one-letter escape stands for.
char JsonCursor::Unescaped(char e) const {
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
unsigned JsonCursor::HexDigits() {
  unsigned v = 0;
  if (at_ + 4 > text_.size()) Fail();
  auto [end, error] = std::from_chars(text_.data() + at_, text_.data() + at_ + 4, v, 16);
  if (error != std::errc() || end != text_.data() + at_ + 4) Fail();
  at_ += 4;
  return v;
}

// As UTF-8; surrogates (never written by tracedb: its text is UTF-8, which
// it escapes only below U+0020) are refused.
void JsonCursor::AppendCodePoint(std::string* out, unsigned v) const {
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

}  // namespace tracedb

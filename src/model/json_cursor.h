// JsonCursor: reads JSON text a token at a time, for the objects tracedb
// writes and the databases give back (model/extras_json.h): objects, arrays,
// strings (unescaped, as UTF-8), numbers (their text as written) and null.
// true and false are not among them.
//
// Any error throws std::runtime_error naming the whole text. The cursor views
// `text`, which must outlive it. Not thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedb {

class JsonCursor {
 public:
  explicit JsonCursor(std::string_view text) : text_(text) {}

  // Whether the next character, after blanks, is `c`.
  bool Peek(char c);
  // The same, taking it when it is.
  bool Take(char c);
  // Takes `c`, or fails.
  void Expect(char c);
  // A string literal's text.
  std::string String();
  // A number's text as written: "-1.50", "2e3".
  std::string Number();
  // Whether the next token, after blanks, is null, taking it when it is.
  bool TakeNull();
  // Whether only blanks are left.
  bool AtEnd();
  [[noreturn]] void Fail() const;

 private:
  void SkipBlanks();
  size_t Digits();
  char Unescaped(char e) const;
  unsigned HexDigits();
  void AppendCodePoint(std::string* out, unsigned v) const;

  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace tracedb

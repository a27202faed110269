#include "db/sql_statements.h"

#include <cctype>

namespace tracedb {
namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// Where the quoted text that opens at `at` with `open` ends (past its
// closing `close`); doubled closers are part of it. `backslash`: E'...'.
size_t SkipQuoted(std::string_view sql, size_t at, char close, bool backslash) {
  for (size_t i = at + 1; i < sql.size(); ++i) {
    if (backslash && sql[i] == '\\') {
      ++i;
    } else if (sql[i] == close) {
      if (i + 1 < sql.size() && sql[i + 1] == close && close != ']') {
        ++i;
      } else {
        return i + 1;
      }
    }
  }
  return sql.size();
}

// "$tag$" or "$$" at `at`, as PostgreSQL opens a dollar-quoted string
// ($1, a parameter, is not one); empty when there is none.
std::string_view DollarTag(std::string_view sql, size_t at) {
  size_t end = at + 1;
  if (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end]))) return {};
  while (end < sql.size() && IsWordChar(sql[end])) ++end;
  if (end >= sql.size() || sql[end] != '$') return {};
  return sql.substr(at, end + 1 - at);
}

// Past the comment, quote or dollar string that starts at `at`, or `at`
// when none starts there.
size_t SkipLiteral(std::string_view sql, size_t at) {
  char c = sql[at];
  char next = at + 1 < sql.size() ? sql[at + 1] : '\0';
  if (c == '-' && next == '-') {
    size_t end = sql.find('\n', at);
    return end == std::string_view::npos ? sql.size() : end + 1;
  }
  if (c == '/' && next == '*') {
    size_t end = sql.find("*/", at + 2);
    return end == std::string_view::npos ? sql.size() : end + 2;
  }
  if (c == '\'') {
    bool escapes = at > 0 && (sql[at - 1] == 'E' || sql[at - 1] == 'e') &&
                   (at < 2 || !IsWordChar(sql[at - 2]));
    return SkipQuoted(sql, at, '\'', escapes);
  }
  if (c == '"' || c == '`') return SkipQuoted(sql, at, c, false);
  if (c == '[') return SkipQuoted(sql, at, ']', false);
  if (c == '$' && (at == 0 || !IsWordChar(sql[at - 1]))) {
    std::string_view tag = DollarTag(sql, at);
    if (tag.empty()) return at;
    size_t end = sql.find(tag, at + tag.size());
    return end == std::string_view::npos ? sql.size() : end + tag.size();
  }
  return at;
}

}  // namespace

size_t CountStatements(std::string_view sql) {
  size_t count = 0;
  bool content = false;  // the current statement holds more than blanks and comments
  size_t i = 0;
  while (i < sql.size()) {
    bool comment = sql.substr(i, 2) == "--" || sql.substr(i, 2) == "/*";
    size_t past = SkipLiteral(sql, i);
    if (past != i) {
      content = content || !comment;
      i = past;
      continue;
    }
    if (sql[i] == ';') {
      count += content;
      content = false;
    } else if (!std::isspace(static_cast<unsigned char>(sql[i]))) {
      content = true;
    }
    ++i;
  }
  return count + content;
}

}  // namespace tracedb

#include "format/paje/line_tokenizer.h"

#include <cstring>

namespace tracedb::paje {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

TokenizeResult TokenizeLine(std::string_view line, std::vector<std::string_view>* out) {
  const char* p = line.data();
  const char* end = p + line.size();
  while (true) {
    while (p < end && IsBlank(*p)) ++p;
    if (p == end || *p == '#') return TokenizeResult::kOk;
    if (*p == '"') {
      const char* close = static_cast<const char*>(std::memchr(p + 1, '"', end - p - 1));
      if (close == nullptr) return TokenizeResult::kUnterminatedQuote;
      out->emplace_back(p + 1, close - p - 1);
      p = close + 1;
      continue;
    }
    const char* start = p;
    while (p < end && !IsBlank(*p) && *p != '#') ++p;
    out->emplace_back(start, p - start);
  }
}

}  // namespace tracedb::paje

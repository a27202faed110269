#include "sim/color_text.h"

#include "model/number.h"

namespace tracedb {

bool IsColor(std::string_view text) {
  if (text.size() == 6 && text.find_first_not_of("0123456789abcdefABCDEF") == text.npos) {
    return true;
  }
  int parts = 0;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find_first_of(", ", i);
    if (j == text.npos) j = text.size();
    if (j > i) {
      if (!ParseDecimal(text.substr(i, j - i))) return false;
      ++parts;
    }
    i = j + 1;
  }
  return parts == 3 || parts == 4;
}

}  // namespace tracedb

// Trim: a .pcf or .row line without the blanks around it (CR included, so
// CRLF files read like LF ones).
#pragma once

#include <string_view>

namespace tracedb::paraver {

inline constexpr std::string_view kBlanks = " \t\r\f\v";

inline std::string_view Trim(std::string_view s) {
  size_t first = s.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kBlanks) - first + 1);
}

}  // namespace tracedb::paraver

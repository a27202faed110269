#include "format/paraver/noted_lines.h"

namespace tracedb::paraver {

namespace {

constexpr size_t kQuotedBytes = 40;

bool Continues(char byte) { return (static_cast<unsigned char>(byte) & 0xc0) == 0x80; }

}  // namespace

std::string QuotedLine(std::string_view line) {
  if (line.size() <= kQuotedBytes) return "'" + std::string(line) + "'";
  size_t end = kQuotedBytes;
  while (end > 0 && Continues(line[end])) --end;
  return "'" + std::string(line.substr(0, end)) + "\u2026'";
}

InputError NotedLinesWarning(const std::string& file, const NotedLines& noted,
                             std::string_view outcome) {
  std::string which =
      noted.count == 1 ? "" : " (first of " + std::to_string(noted.count) + " lines)";
  return InputError(file, noted.first_line,
                    noted.first_problem + "; " + std::string(outcome) + which);
}

}  // namespace tracedb::paraver

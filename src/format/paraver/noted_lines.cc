#include "format/paraver/noted_lines.h"

#include "model/utf8.h"

namespace tracedb::paraver {

namespace {

constexpr size_t kQuotedBytes = 40;

}  // namespace

std::string QuotedLine(std::string_view line) { return "'" + CutUtf8(line, kQuotedBytes) + "'"; }

InputError NotedLinesWarning(const std::string& file, const NotedLines& noted) {
  std::string which =
      noted.count == 1 ? "" : " (first of " + std::to_string(noted.count) + " lines)";
  return InputError(file, noted.first_line, noted.first_problem + "; ignored" + which);
}

}  // namespace tracedb::paraver

#include "format/trace_format.h"

#include <sys/stat.h>

#include "format/paraver/header.h"
#include "input/input_file.h"

namespace tracedb {
namespace {

// Enough for a byte order mark, then "#Paraver" and the "(" after it.
constexpr size_t kHeadBytes = 64;

bool HasParaverName(std::string_view path) {
  return path.ends_with(".prv") || path.ends_with(".prv.gz");
}

// A pipe (tracedb dump <(zcat t.gz)) or a device gives its bytes once: a
// look at them here would take them from the reader. What cannot be
// examined (missing, unreadable) is left for the reader to report.
bool CanBeReadTwice(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

}  // namespace

std::optional<TraceFormat> ParseTraceFormat(std::string_view name) {
  if (name == "auto") return TraceFormat::kAuto;
  if (name == "paje") return TraceFormat::kPaje;
  if (name == "paraver") return TraceFormat::kParaver;
  return std::nullopt;
}

const char* TraceFormatName(TraceFormat format) {
  switch (format) {
    case TraceFormat::kPaje:
      return "paje";
    case TraceFormat::kParaver:
      return "paraver";
    case TraceFormat::kAuto:
      break;
  }
  return "auto";
}

TraceFormat DetectTraceFormat(InputFile& input, TraceFormat requested) {
  if (requested != TraceFormat::kAuto) return requested;
  std::string_view text = input.Peek(kHeadBytes);
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  if (paraver::LooksLikeParaverHeader(text) || HasParaverName(input.path())) {
    return TraceFormat::kParaver;
  }
  return TraceFormat::kPaje;
}

TraceFormat DetectTraceFormat(const std::string& path, TraceFormat requested) {
  if (requested != TraceFormat::kAuto) return requested;
  if (path == "-") return TraceFormat::kPaje;
  if (!CanBeReadTwice(path)) {
    return HasParaverName(path) ? TraceFormat::kParaver : TraceFormat::kPaje;
  }
  InputFile file(path);
  return DetectTraceFormat(file, requested);
}

}  // namespace tracedb

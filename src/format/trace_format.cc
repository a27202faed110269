#include "format/trace_format.h"

#include <sys/stat.h>

#include "format/paraver/header.h"
#include "input/input_file.h"

namespace tracedb {
namespace {

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

TraceFormat DetectTraceFormat(const std::string& path, TraceFormat requested) {
  if (requested != TraceFormat::kAuto) return requested;
  if (path == "-") return TraceFormat::kPaje;
  if (!CanBeReadTwice(path)) {
    return HasParaverName(path) ? TraceFormat::kParaver : TraceFormat::kPaje;
  }
  InputFile file(path);
  char head[64];
  size_t got = 0;
  while (got < sizeof head) {
    size_t n = file.Read(head + got, sizeof head - got);
    if (n == 0) break;
    got += n;
  }
  std::string_view text(head, got);
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  if (paraver::LooksLikeParaverHeader(text) || HasParaverName(path)) return TraceFormat::kParaver;
  return TraceFormat::kPaje;
}

}  // namespace tracedb

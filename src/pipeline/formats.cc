#include "pipeline/formats.h"

#include <sys/stat.h>

#include <array>
#include <stdexcept>
#include <string>

#include "format/paje/paje_format.h"
#include "format/paraver/paraver_format.h"
#include "model/input_error.h"

namespace tracedb {
namespace {

// The registration: one line per format.
constexpr std::array kFormats = {
    &paje::kPajeFormat,
    &paraver::kParaverFormat,
};

// Enough for a byte order mark and any format's opening words.
constexpr size_t kHeadBytes = 64;

// A pipe (tracedb dump <(zcat t.gz)) or a device gives its bytes once: a
// look at them here would take them from the reader. What cannot be
// examined (missing, unreadable) is left for the reader to report.
bool CanBeReadTwice(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

// The most likely format; the first listed among equals.
const TraceFormat& MostLikely(std::string_view head, std::string_view path) {
  const TraceFormat* best = nullptr;
  Likeness best_likeness = Likeness::kNo;
  for (const TraceFormat* format : kFormats) {
    Likeness likeness = format->detect(head, path);
    if (likeness > best_likeness) {
      best = format;
      best_likeness = likeness;
    }
  }
  if (best == nullptr) throw InputError(std::string(path), 0, "not a trace of any format tracedb reads");
  return *best;
}

const TraceFormat* Requested(std::string_view requested) {
  if (requested == "auto") return nullptr;
  const TraceFormat* format = FindFormat(requested);
  if (format == nullptr) throw std::invalid_argument("no trace format '" + std::string(requested) + "'");
  return format;
}

}  // namespace

std::span<const TraceFormat* const> AllFormats() { return kFormats; }

const TraceFormat* FindFormat(std::string_view name) {
  for (const TraceFormat* format : kFormats) {
    if (name == format->name) return format;
  }
  return nullptr;
}

std::string FormatChoices() {
  std::string text = "auto";
  for (size_t i = 0; i < kFormats.size(); ++i) {
    text += i + 1 < kFormats.size() ? ", " : " or ";
    text += kFormats[i]->name;
  }
  return text;
}

const TraceFormat& DetectFormat(InputFile& input, std::string_view requested) {
  if (const TraceFormat* format = Requested(requested)) return *format;
  std::string_view head = input.Peek(kHeadBytes);
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  return MostLikely(head, input.path());
}

const TraceFormat& DetectFormat(const std::string& path, std::string_view requested) {
  if (const TraceFormat* format = Requested(requested)) return *format;
  if (path == "-" || !CanBeReadTwice(path)) return MostLikely("", path);
  InputFile file(path);
  return DetectFormat(file, requested);
}

bool IsCompanionName(std::string_view name) {
  for (const TraceFormat* format : kFormats) {
    if (format->is_companion(name)) return true;
  }
  return false;
}

}  // namespace tracedb

#include "pipeline/formats.h"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "format/otf2/otf2_format.h"
#include "format/paje/paje_format.h"
#include "format/paraver/paraver_format.h"
#include "model/input_error.h"

namespace tracedb {
namespace {

// The registration: one line per format.
constexpr std::array kFormats = {
    &paje::kPajeFormat,
    &paraver::kParaverFormat,
    &otf2::kOtf2Format,
};

// Enough for a byte order mark, comments and any format's opening words.
constexpr size_t kHeadBytes = 4096;
// How much of an unknown file's start a message shows.
constexpr size_t kShownBytes = 24;

// A pipe (tracedb dump <(zcat t.gz)) or a device gives its bytes once: a
// look at them here would take them from the reader. What cannot be
// examined (missing, unreadable) is left for the reader to report.
bool CanBeReadTwice(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

// "a, b or c".
std::string OneOf(const std::vector<const char*>& words) {
  std::string text;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 < words.size() ? ", " : " or ";
    text += words[i];
  }
  return text;
}

// "Pajé or Paraver".
std::string FormatTitles() {
  std::vector<const char*> titles;
  for (const TraceFormat* format : kFormats) titles.push_back(format->title);
  return OneOf(titles);
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
  if (best == nullptr) {
    std::string_view start = head.substr(0, std::min(head.find_first_of("\r\n"), kShownBytes));
    throw InputError(
        std::string(path), 0,
        "not a " + FormatTitles() + " trace (it starts with \"" + std::string(start) + "\")");
  }
  return *best;
}

const TraceFormat* Requested(std::string_view requested) {
  if (requested == "auto") return nullptr;
  const TraceFormat* format = FindFormat(requested);
  if (format == nullptr) {
    throw std::invalid_argument("no trace format '" + std::string(requested) + "'");
  }
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
  std::vector<const char*> names = {"auto"};
  for (const TraceFormat* format : kFormats) names.push_back(format->name);
  return OneOf(names);
}

const TraceFormat& DetectFormat(InputFile& input, std::string_view requested) {
  std::string_view head = input.Peek(kHeadBytes);
  if (head.empty()) throw InputError(input.path(), 0, "empty file");
  if (const TraceFormat* format = Requested(requested)) return *format;
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  return MostLikely(head, input.path());
}

const TraceFormat& DetectFormat(const std::string& path, std::string_view requested) {
  if (path == "-" || !CanBeReadTwice(path)) {
    if (const TraceFormat* format = Requested(requested)) return *format;
    return MostLikely("", path);
  }
  InputFile file(path);
  return DetectFormat(file, requested);
}

std::string TraceFileOf(const std::string& given) {
  std::error_code error;
  if (given == "-" || !std::filesystem::is_directory(given, error)) return given;
  for (const TraceFormat* format : kFormats) {
    if (format->in_folder == nullptr) continue;
    if (std::optional<std::string> trace = format->in_folder(given)) return *trace;
  }
  throw InputError(given, 0,
                   "is a directory, not a trace file (nor the folder of an OTF2 archive)");
}

bool IsTraceFolder(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_directory(path, error)) return false;
  for (const TraceFormat* format : kFormats) {
    if (format->in_folder != nullptr && format->in_folder(path)) return true;
  }
  return false;
}

bool IsCompanionName(std::string_view name) {
  for (const TraceFormat* format : kFormats) {
    if (format->is_companion(name)) return true;
  }
  return false;
}

}  // namespace tracedb

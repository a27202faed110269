#include "watch/folder_scan.h"

#include <algorithm>

#include "pipeline/formats.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

std::vector<FileSighting> ScanFolder(const std::string& dir) {
  std::vector<FileSighting> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    // Each call stats afresh: a cached status would hide a file still growing.
    std::error_code error;
    if (!fs::is_regular_file(entry.path(), error)) continue;
    uintmax_t size = fs::file_size(entry.path(), error);
    if (error) continue;
    fs::file_time_type modified = fs::last_write_time(entry.path(), error);
    if (error) continue;
    files.push_back({entry.path().filename().string(), size, modified});
  }
  std::sort(files.begin(), files.end(),
            [](const FileSighting& a, const FileSighting& b) { return a.name < b.name; });
  return files;
}

bool IsTraceName(std::string_view name) {
  if (name.empty() || name.front() == '.') return false;
  for (std::string_view skipped : {".part", ".tmp"}) {
    if (EndsWith(name, skipped)) return false;
  }
  return !IsCompanionName(name);
}

}  // namespace tracedb::watch

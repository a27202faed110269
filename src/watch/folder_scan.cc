#include "watch/folder_scan.h"

#include <algorithm>
#include <optional>

#include "pipeline/formats.h"

namespace tracedb::watch {
namespace {

namespace fs = std::filesystem;

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// A folder that holds a trace, as one sighting: its files' sizes added up,
// the latest time of its files and folders; nullopt when it holds none.
std::optional<FileSighting> FolderSighting(const fs::path& folder) {
  std::string name = folder.filename().string();
  if (name.starts_with('.') || name == "done" || name == "failed") return std::nullopt;
  if (!IsTraceFolder(folder.string())) return std::nullopt;
  std::error_code error;
  FileSighting sighting{name, 0, fs::last_write_time(folder, error)};
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    std::error_code entry_error;
    fs::file_time_type modified = fs::last_write_time(it->path(), entry_error);
    if (!entry_error) sighting.modified = std::max(sighting.modified, modified);
    if (it->is_regular_file(entry_error)) sighting.size += fs::file_size(it->path(), entry_error);
  }
  return sighting;
}

}  // namespace

std::vector<FileSighting> ScanFolder(const std::string& dir) {
  std::vector<FileSighting> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    // Each call stats afresh: a cached status would hide a file still growing.
    std::error_code error;
    if (fs::is_directory(entry.path(), error)) {
      if (auto folder = FolderSighting(entry.path())) files.push_back(std::move(*folder));
      continue;
    }
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

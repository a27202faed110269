#include "format/otf2/archive_files.h"

#include <algorithm>
#include <filesystem>

namespace tracedb::otf2 {
namespace {

namespace fs = std::filesystem;

std::string WithoutExtension(const std::string& anchor) {
  constexpr std::string_view kExtension = ".otf2";
  if (anchor.ends_with(kExtension)) return anchor.substr(0, anchor.size() - kExtension.size());
  return anchor;
}

}  // namespace

ArchiveFiles FilesOf(const std::string& anchor) {
  std::string stem = WithoutExtension(anchor);
  return {.anchor = anchor, .definitions = stem + ".def", .folder = stem};
}

std::string EventFile(const ArchiveFiles& files, uint64_t id) {
  return files.folder + "/" + std::to_string(id) + ".evt";
}

std::vector<std::string> ArchiveParts(const std::string& anchor) {
  ArchiveFiles files = FilesOf(anchor);
  fs::path base = fs::path(anchor).parent_path();
  std::vector<std::string> parts;
  std::error_code error;
  if (fs::is_regular_file(files.definitions, error)) {
    parts.push_back(fs::path(files.definitions).filename().string());
  }
  std::vector<std::string> located;
  for (fs::directory_iterator it(files.folder, error), end; !error && it != end;
       it.increment(error)) {
    std::string name = it->path().filename().string();
    if (it->is_regular_file(error) && (name.ends_with(".evt") || name.ends_with(".def"))) {
      located.push_back((fs::path(files.folder).filename() / name).string());
    }
  }
  std::sort(located.begin(), located.end());
  parts.insert(parts.end(), located.begin(), located.end());
  return parts;
}

std::optional<std::string> AnchorInFolder(const std::string& dir) {
  std::optional<std::string> anchor;
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() != ".otf2" || !it->is_regular_file(error)) continue;
    if (anchor) return std::nullopt;
    anchor = it->path().string();
  }
  return anchor;
}

}  // namespace tracedb::otf2

#include "output/whole_file.h"

#include <filesystem>

namespace tracedb {
namespace {

namespace fs = std::filesystem;

// A name ending in '/' names a folder, which may not be there yet: said as
// such, not as a missing folder that the name's '/' made up.
void CheckFolder(const std::string& path) {
  std::error_code ignored;
  if (!path.empty() && path.back() == '/' && !fs::is_directory(path, ignored)) {
    throw FileError(path + ": ends in '/', a folder's name (name a file to write)");
  }
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty() || fs::is_directory(folder, ignored)) return;
  throw FileError(path + ": no folder '" + folder.string() + "' (make it first)");
}

}  // namespace

// A FileSet of one: PATH.part, renamed once whole, removed if not.
void WriteWholeFile(const std::string& path, std::string_view content) {
  CheckFolder(path);
  FileSet file({path}, /*overwrite=*/true);
  file.Open(0);
  file.Write(0, content);
  file.Commit();
}

}  // namespace tracedb

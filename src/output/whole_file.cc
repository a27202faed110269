#include "output/whole_file.h"

#include <filesystem>

namespace tracedb {
namespace {

namespace fs = std::filesystem;

void CheckFolder(const std::string& path) {
  fs::path folder = fs::path(path).parent_path();
  std::error_code ignored;
  if (folder.empty() || fs::is_directory(folder, ignored)) return;
  throw FileError(path + ": no folder '" + folder.string() + "' (make it first)");
}

}  // namespace

// A FileSet of one: PATH.part, renamed once whole, removed if not.
void WriteWholeFile(const std::string& path, std::string_view content) {
  CheckFolder(path);
  FileSet file({path}, /*overwrite=*/true);
  file.Open(0);
  file.Write(content);
  file.Commit();
}

}  // namespace tracedb

#include "output/whole_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace tracedb {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void Fail(const std::string& path, int error) {
  throw FileError(path + ": " + std::strerror(error));
}

void CheckFolder(const std::string& path) {
  fs::path folder = fs::path(path).parent_path();
  std::error_code ignored;
  if (folder.empty() || fs::is_directory(folder, ignored)) return;
  throw FileError(path + ": no folder '" + folder.string() + "' (make it first)");
}

// Writes `part` whole; the errno of what failed, 0 when all went well.
int WritePart(const std::string& part, std::string_view content) {
  std::FILE* file = std::fopen(part.c_str(), "wb");
  if (file == nullptr) return errno;
  bool whole = std::fwrite(content.data(), 1, content.size(), file) == content.size();
  int error = whole ? 0 : (errno != 0 ? errno : EIO);
  if (std::fclose(file) != 0 && error == 0) error = errno;
  return error;
}

}  // namespace

void WriteWholeFile(const std::string& path, std::string_view content) {
  CheckFolder(path);
  std::string part = path + ".part";
  if (int error = WritePart(part, content)) {
    std::remove(part.c_str());
    Fail(part, error);
  }
  if (std::rename(part.c_str(), path.c_str()) != 0) {
    int error = errno;
    std::remove(part.c_str());
    Fail(path, error);
  }
}

}  // namespace tracedb

#include "results/whole_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

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

// A named pipe, a device (/dev/stdout, a terminal): written into as it is,
// for whoever reads it. Renaming a file over it replaced the pipe or the
// device itself (as root, /dev/full became a regular file).
bool IsSpecial(const std::string& path) {
  std::error_code error;
  fs::file_status status = fs::status(path, error);  // through symbolic links
  return !error && fs::exists(status) && !fs::is_regular_file(status) &&
         !fs::is_directory(status);
}

void WriteInPlace(const std::string& path, std::string_view content) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "w"), std::fclose);
  bool written = file && std::fwrite(content.data(), 1, content.size(), file.get()) ==
                             content.size();
  if (written && std::fclose(file.release()) == 0) return;
  throw FileError(path + ": " + std::strerror(errno));
}

// Links followed at most, as the kernel's own limit (40) for a path.
constexpr int kMaxLinks = 40;

// A symbolic link's file, not the link: the link stays, pointing at the
// new file, as a user who made it expects. A link to no file yet names the
// file to make.
std::string ThroughLinks(const std::string& path) {
  fs::path at = path;
  std::error_code error;
  for (int i = 0; i <= kMaxLinks; ++i) {
    if (!fs::is_symlink(fs::symlink_status(at, error))) return at.string();
    fs::path target = fs::read_symlink(at, error);
    if (error) throw FileError(at.string() + ": " + error.message());
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  throw FileError(path + ": " + std::strerror(ELOOP));
}

}  // namespace

// A FileSet of one: PATH.part, renamed once whole, removed if not.
void WriteWholeFile(const std::string& path, std::string_view content) {
  if (path.empty()) throw FileError("an empty file name (name a file to write)");
  if (IsSpecial(path)) return WriteInPlace(path, content);
  std::string file_path = ThroughLinks(path);
  CheckFolder(file_path);
  FileSet file({file_path}, /*overwrite=*/true);
  file.Open(0);
  file.Write(0, content);
  file.Commit();
}

}  // namespace tracedb

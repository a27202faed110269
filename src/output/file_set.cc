#include "output/file_set.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace tracedb {

namespace {

// The rename would replace what the user could not overwrite: a folder
// ("plot -o ." said "Device or resource busy") or a write-protected file,
// which a shell's > refuses too; the rename bypassed its mode.
void RequireReplaceable(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw FileError(path.string() + ": is a folder (name a file to write)");
  }
  if (std::filesystem::exists(path, error) &&
      faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0) {
    throw FileError(path.string() + ": " + std::strerror(errno));
  }
}

}  // namespace

FileSet::FileSet(std::vector<std::filesystem::path> paths, bool overwrite)
    : paths_(std::move(paths)) {
  for (const auto& path : paths_) {
    std::error_code error;
    if (!overwrite && std::filesystem::exists(path, error)) {
      throw FileError(path.string() + ": file exists (use --force to replace it)");
    }
    RequireReplaceable(path);
    std::filesystem::path folder = path.parent_path();
    if (!folder.empty() && !std::filesystem::create_directories(folder, error) && error) {
      throw FileError(folder.string() + ": " + error.message());
    }
  }
}

FileSet::~FileSet() {
  if (file_ != nullptr) std::fclose(file_);
  if (committed_) return;
  for (size_t i = 0; i < opened_; ++i) {
    std::error_code ignored;  // nothing more to do about a file we cannot remove
    std::filesystem::remove(Part(i), ignored);
  }
}

void FileSet::Open(size_t index) {
  Close();
  current_ = index;
  file_ = std::fopen(Part(index).c_str(), "wb");
  if (file_ == nullptr) Fail(Part(index), errno);
  opened_ = std::max(opened_, index + 1);
}

void FileSet::Write(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) Fail(Part(current_), errno);
}

void FileSet::Commit() {
  Close();
  for (size_t i = 0; i < opened_; ++i) {
    std::error_code error;
    std::filesystem::rename(Part(i), paths_[i], error);
    if (error) throw FileError(paths_[i].string() + ": " + error.message());
  }
  committed_ = true;
}

// fclose reports what buffered writes could not do (a full disk).
void FileSet::Close() {
  if (file_ == nullptr) return;
  std::FILE* file = std::exchange(file_, nullptr);
  if (std::fclose(file) != 0) Fail(Part(current_), errno);
}

std::filesystem::path FileSet::Part(size_t index) const {
  std::filesystem::path part = paths_[index];
  part += ".part";
  return part;
}

void FileSet::Fail(const std::filesystem::path& path, int error) const {
  throw FileError(path.string() + ": " + std::strerror(error));
}

}  // namespace tracedb

#include "results/file_set.h"

#include <fcntl.h>
#include <unistd.h>

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
    : paths_(std::move(paths)), files_(paths_.size(), nullptr), made_(paths_.size(), 0) {
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
  for (std::FILE* file : files_) {
    if (file != nullptr) std::fclose(file);
  }
  if (committed_) return;
  for (size_t i = 0; i < paths_.size(); ++i) {
    std::error_code ignored;  // nothing more to do about a file we cannot remove
    if (made_[i]) std::filesystem::remove(Part(i), ignored);
  }
}

void FileSet::Open(size_t index) {
  files_[index] = std::fopen(Part(index).c_str(), "wb");
  if (files_[index] == nullptr) Fail(Part(index), errno);
  made_[index] = 1;
}

void FileSet::Write(size_t index, std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), files_[index]) != text.size()) {
    Fail(Part(index), errno);
  }
}

// fclose reports what buffered writes could not do (a full disk).
void FileSet::Close(size_t index) {
  if (files_[index] == nullptr) return;
  std::FILE* file = std::exchange(files_[index], nullptr);
  if (std::fclose(file) != 0) Fail(Part(index), errno);
}

void FileSet::Commit() {
  for (size_t i = 0; i < paths_.size(); ++i) Close(i);
  for (size_t i = 0; i < paths_.size(); ++i) {
    if (!made_[i]) continue;
    std::error_code error;
    std::filesystem::rename(Part(i), paths_[i], error);
    if (error) throw FileError(paths_[i].string() + ": " + error.message());
  }
  committed_ = true;
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

// FileSet: files that appear together or not at all, as `tracedb
// export-csv` writes them. Each is written to PATH.part beside its final
// path, one after the other; Commit() renames them all into place once
// every one is complete. A set destroyed before Commit() removes its .part
// files, so a failed export leaves no file half written.
//
// Errors are FileErrors naming the path: "out/state.csv: file exists (use
// --force to replace it)", "out/state.csv.part: No space left on device".
// One thread; the set owns its open file until the next Open or Commit.
#pragma once

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace tracedb {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class FileSet {
 public:
  // Refuses, before anything is written, a path that exists, unless
  // `overwrite`. Creates the missing folders of every path.
  FileSet(std::vector<std::filesystem::path> paths, bool overwrite);
  ~FileSet();  // removes the .part files of an uncommitted set
  FileSet(const FileSet&) = delete;
  FileSet& operator=(const FileSet&) = delete;

  // Closes the file being written, if any, and starts paths[index].
  void Open(size_t index);
  // Appends to the file opened last.
  void Write(std::string_view text);
  // Closes the last file and renames every one into place.
  void Commit();

 private:
  void Close();
  std::filesystem::path Part(size_t index) const;
  [[noreturn]] void Fail(const std::filesystem::path& path, int error) const;

  std::vector<std::filesystem::path> paths_;
  std::FILE* file_ = nullptr;
  size_t current_ = 0;  // index of file_, when open
  size_t opened_ = 0;   // .part files made so far: paths_[0, opened_)
  bool committed_ = false;
};

}  // namespace tracedb

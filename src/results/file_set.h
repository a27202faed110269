// FileSet: files that appear together or not at all, as `tracedb
// export-csv` writes them. Each is written to PATH.part beside its final
// path, one after the other; Commit() renames them all into place once
// every one is complete. A set destroyed before Commit() removes its .part
// files, so a failed export leaves no file half written.
//
// Errors are FileErrors naming the path: "out/state.csv: file exists (use
// --force to replace it)", "out/state.csv.part: No space left on device".
// Threads: Open, Write and Close of one file on one thread at a time, and
// of different files on different threads at once; the rest on one
// thread while no file is being written.
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

  // Starts paths[index] (once).
  void Open(size_t index);
  void Write(size_t index, std::string_view text);
  // Ends paths[index]: a write that buffering had put off fails here.
  void Close(size_t index);
  // Closes the files still open and renames every one into place.
  void Commit();

 private:
  std::filesystem::path Part(size_t index) const;
  [[noreturn]] void Fail(const std::filesystem::path& path, int error) const;

  std::vector<std::filesystem::path> paths_;
  std::vector<std::FILE*> files_;  // by index; null when not open
  std::vector<char> made_;         // whether paths_[i].part was made (char: one byte per thread)
  bool committed_ = false;
};

}  // namespace tracedb

// InputFile: the bytes of a trace, from a plain file, a gzip file (detected
// by its magic bytes, not its name), stdin ("-"), or memory (the fuzzers,
// fuzz/). Errors are InputErrors naming the file. Not thread-safe; one
// reader thread owns it.
//
// Peek lets a caller look at the first bytes before choosing a reader and
// then hand the same InputFile to that reader, which still gets every byte:
// stdin cannot be opened a second time (zlib reads ahead of what it returns).
#pragma once

#include <zlib.h>

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>

namespace tracedb {

class InputFile {
 public:
  explicit InputFile(const std::string& path);
  // `bytes`, as they are (never gunzipped), read as the file `name`. The
  // bytes are not copied: they must outlive this InputFile.
  InputFile(std::string name, std::string_view bytes);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads up to n bytes; returns 0 at the end. Throws InputError.
  size_t Read(char* buffer, size_t n);
  // The first n bytes (uncompressed; fewer when the input is shorter),
  // without consuming them: Read returns them first. Only before any Read,
  // whose bytes it could not give back.
  std::string_view Peek(size_t n);

  const std::string& path() const { return path_; }
  bool compressed() const { return compressed_; }
  // Size on disk, or 0 when unknown (stdin, a pipe).
  uint64_t size_on_disk() const { return size_on_disk_; }
  // How much of the file on disk was read so far (compressed bytes for a
  // gzip file): for progress, so any thread may ask.
  uint64_t consumed_on_disk() const { return consumed_.load(std::memory_order_relaxed); }

 private:
  size_t ReadInput(char* buffer, size_t n);

  std::string path_;
  gzFile gz_ = nullptr;
  std::string peeked_;     // the bytes Peek read, until Read has returned them
  size_t peeked_out_ = 0;  // how many of them Read has returned
  bool compressed_ = false;
  uint64_t size_on_disk_ = 0;
  std::atomic<uint64_t> consumed_{0};
  std::string_view memory_;  // the bytes not read yet, when gz_ is null
};

}  // namespace tracedb

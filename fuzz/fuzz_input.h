// What the fuzz targets share: libFuzzer's bytes as an in-memory trace file,
// blocks small enough that a few-kilobyte input spans many of them, so
// that the paths joining blocks (lines carried over, definitions deferred to
// a later block) run too (cutting into blocks must not change any result),
// and the check that what a reader gives is UTF-8 whatever the bytes
// (model/latin1_text.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "input/block_reader.h"
#include "model/utf8.h"

namespace tracedb::fuzz {

inline std::string_view Bytes(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

constexpr BlockReaderOptions kSmallBlocks{.block_size = 1024, .first_block_size = 64};

// A FILE that keeps what is printed to it; the destructor aborts (a
// finding) when that is not UTF-8.
class Utf8Output {
 public:
  Utf8Output() : file_(open_memstream(&text_, &size_)) {}
  ~Utf8Output() {
    std::fclose(file_);
    bool utf8 = IsUtf8(std::string_view(text_, size_));
    std::free(text_);
    if (!utf8) std::abort();
  }
  Utf8Output(const Utf8Output&) = delete;
  Utf8Output& operator=(const Utf8Output&) = delete;
  std::FILE* file() const { return file_; }

 private:
  char* text_ = nullptr;
  size_t size_ = 0;
  std::FILE* file_;
};

}  // namespace tracedb::fuzz

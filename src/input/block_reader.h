// BlockReader: cuts an InputFile into blocks of whole lines (about
// `block_size` bytes; longer if one line is longer), so that each block can
// be parsed on its own. Memory: one block plus the partial line carried over.
// A UTF-8 byte order mark at the start of the input is dropped; a line
// longer than max_line is an InputError.
//
// Not thread-safe: one thread reads (ParseInParallel's reader thread), and
// bytes_read() is for after it is done; the InputFile must outlive it. A
// block, once returned, is immutable and may be shared with any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "input/input_file.h"

namespace tracedb {

struct BlockReaderOptions {
  size_t block_size = 1 << 20;  // bytes per block; big enough to amortise queueing
  // Blocks start this small and double up to block_size: the header is
  // usually in the first kilobytes, and blocks parsed before it is known must
  // be parsed again in order, so the first blocks should hold little.
  size_t first_block_size = 64 << 10;
  // A longer line is an error: no trace has one, and without a limit a file
  // with no line end (/dev/zero, a 10 GB blob) would be held whole in memory.
  size_t max_line = 64 << 20;
};

class BlockReader {
 public:
  BlockReader(InputFile* file, BlockReaderOptions options);

  // The next block, or nullptr at the end of the input.
  std::shared_ptr<const std::string> Next();
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  size_t Fill(std::string* block, size_t from);

  InputFile* file_;
  BlockReaderOptions options_;
  size_t next_size_;   // of the next block, ramping up to block_size
  std::string carry_;  // the partial last line of the previous read
  bool eof_ = false;
  bool at_start_ = true;  // the next block is the first
  uint64_t bytes_read_ = 0;
};

}  // namespace tracedb

#include "input/block_reader.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "model/input_error.h"

namespace tracedb {
namespace {

// Some editors start a UTF-8 text file with one; it is not part of the
// first line.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

}  // namespace

BlockReader::BlockReader(InputFile* file, BlockReaderOptions options)
    : file_(file),
      options_(options),
      next_size_(std::max<size_t>(1, std::min(options.first_block_size, options.block_size))) {}

// Reads into block[from, size()) until full or the end; returns bytes kept.
size_t BlockReader::Fill(std::string* block, size_t from) {
  size_t filled = from;
  while (filled < block->size() && !eof_) {
    size_t got = file_->Read(block->data() + filled, block->size() - filled);
    if (got == 0) eof_ = true;
    filled += got;
    bytes_read_ += got;
  }
  return filled;
}

std::shared_ptr<const std::string> BlockReader::Next() {
  if (eof_ && carry_.empty()) return nullptr;
  auto block = std::make_shared<std::string>(std::move(carry_));
  carry_.clear();
  size_t filled = block->size();
  while (true) {
    size_t start = filled;
    block->resize(filled + next_size_);
    filled = Fill(block.get(), filled);
    if (eof_) {
      block->resize(filled);
      break;
    }
    // The carried part has no line end, so only the new bytes need a look.
    const void* nl = memrchr(block->data() + start, '\n', filled - start);
    if (nl != nullptr) {
      size_t cut = static_cast<const char*>(nl) - block->data() + 1;
      carry_.assign(block->data() + cut, filled - cut);
      block->resize(cut);
      break;
    }
    // One line longer than a block: read on until it ends.
    if (filled > options_.max_line) {
      throw InputError(file_->path(), 0,
                       "a line longer than " + std::to_string(options_.max_line >> 20) +
                           " MiB (no line end found): not a trace file");
    }
  }
  if (at_start_ && block->starts_with(kByteOrderMark)) block->erase(0, kByteOrderMark.size());
  at_start_ = false;
  next_size_ = std::min(next_size_ * 2, options_.block_size);
  if (block->empty()) return nullptr;
  return block;
}

}  // namespace tracedb

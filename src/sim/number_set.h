// NumberSet: a set of 64-bit numbers that stays small when the numbers are
// many and close together, as link keys are (paje-format.md, Links: every
// completed key must be remembered). Numbers are grouped in chunks of 2^16
// by their high bits; a chunk holds its numbers' low 16 bits as a sorted
// array while it has few (2 bytes each), as a bitmap once it has many
// (8 KiB for its whole range, a bit each). So memory is at most about
// 2 bytes a number, and far less when they are dense: a key counter shared
// by a few link tracks costs each track a bit per number of the range.
//
// Not thread-safe, not even Contains (it remembers the chunk it found last).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tracedb {

class NumberSet {
 public:
  bool Contains(uint64_t n) const;
  void Insert(uint64_t n);
  // Bytes held by the chunks' contents (what memory grows with).
  size_t bytes() const;

 private:
  static constexpr size_t kArrayLimit = 4096;  // then a bitmap is no larger
  static constexpr size_t kBitmapWords = 1024;

  struct Chunk {
    uint64_t high;
    std::vector<uint16_t> sorted;  // while a small chunk
    std::vector<uint64_t> bits;    // kBitmapWords once a large one
  };

  // The chunk of `high`, or where it would go (chunks_ is sorted by high).
  size_t Locate(uint64_t high) const;

  std::vector<Chunk> chunks_;
  mutable size_t last_ = 0;  // the chunk looked up last: keys come in order
};

}  // namespace tracedb

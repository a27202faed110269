#include "sim/number_set.h"

#include <algorithm>

namespace tracedb {
namespace {

bool TestBit(const std::vector<uint64_t>& bits, uint16_t low) {
  return (bits[low >> 6] >> (low & 63)) & 1;
}

}  // namespace

size_t NumberSet::Locate(uint64_t high) const {
  if (last_ < chunks_.size() && chunks_[last_].high == high) return last_;
  auto it = std::lower_bound(chunks_.begin(), chunks_.end(), high,
                             [](const Chunk& c, uint64_t h) { return c.high < h; });
  last_ = static_cast<size_t>(it - chunks_.begin());
  return last_;
}

bool NumberSet::Contains(uint64_t n) const {
  size_t i = Locate(n >> 16);
  if (i == chunks_.size() || chunks_[i].high != n >> 16) return false;
  const Chunk& chunk = chunks_[i];
  auto low = static_cast<uint16_t>(n);
  if (!chunk.bits.empty()) return TestBit(chunk.bits, low);
  return std::binary_search(chunk.sorted.begin(), chunk.sorted.end(), low);
}

void NumberSet::Insert(uint64_t n) {
  size_t i = Locate(n >> 16);
  if (i == chunks_.size() || chunks_[i].high != n >> 16) {
    chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(i), Chunk{n >> 16, {}, {}});
  }
  Chunk& chunk = chunks_[i];
  auto low = static_cast<uint16_t>(n);
  if (!chunk.bits.empty()) {
    chunk.bits[low >> 6] |= uint64_t{1} << (low & 63);
    return;
  }
  auto at = std::lower_bound(chunk.sorted.begin(), chunk.sorted.end(), low);
  if (at != chunk.sorted.end() && *at == low) return;
  chunk.sorted.insert(at, low);
  if (chunk.sorted.size() < kArrayLimit) return;
  chunk.bits.assign(kBitmapWords, 0);
  for (uint16_t v : chunk.sorted) chunk.bits[v >> 6] |= uint64_t{1} << (v & 63);
  std::vector<uint16_t>().swap(chunk.sorted);
}

size_t NumberSet::bytes() const {
  size_t total = chunks_.capacity() * sizeof(Chunk);
  for (const Chunk& c : chunks_) {
    total += c.sorted.capacity() * sizeof(uint16_t) + c.bits.capacity() * sizeof(uint64_t);
  }
  return total;
}

}  // namespace tracedb

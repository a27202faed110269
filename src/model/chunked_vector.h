// ChunkedVector: an append-only sequence whose elements never move: they
// live in chunks of 2^kChunkBits, so a reference (or a view of a string
// inside an element) stays valid while more are added. Indexing costs two
// loads, as a vector's one (std::deque's cost 3-5% more instructions in
// the simulator, which looks up types by id for every event).
//
// Threading: as a vector. An element may be read on another thread while
// this one appends, if the reader got its address through a
// synchronization (a queue) after the element was made, and nothing
// writes to that element.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace tracedb {

template <typename T, size_t kChunkBits = 8>
class ChunkedVector {
 public:
  ChunkedVector() = default;
  ChunkedVector(const ChunkedVector& other) : ChunkedVector() {  // destroyed if a copy throws
    for (size_t i = 0; i < other.size(); ++i) push_back(other[i]);
  }
  ChunkedVector(ChunkedVector&& other) noexcept
      : chunks_(std::exchange(other.chunks_, {})), size_(std::exchange(other.size_, 0)) {}
  ChunkedVector& operator=(ChunkedVector other) noexcept {
    std::swap(chunks_, other.chunks_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~ChunkedVector() {
    for (size_t i = 0; i < size_; ++i) std::destroy_at(&(*this)[i]);
    for (T* chunk : chunks_) std::allocator<T>().deallocate(chunk, kChunk);
  }

  const T& operator[](size_t i) const { return chunks_[i >> kChunkBits][i & kMask]; }
  T& operator[](size_t i) { return chunks_[i >> kChunkBits][i & kMask]; }
  size_t size() const { return size_; }

  void push_back(T value) {
    if (size_ == chunks_.size() * kChunk) AddChunk();
    std::construct_at(&chunks_[size_ >> kChunkBits][size_ & kMask], std::move(value));
    ++size_;
  }

 private:
  static constexpr size_t kChunk = size_t{1} << kChunkBits;
  static constexpr size_t kMask = kChunk - 1;

  void AddChunk() {
    // Room first, doubling, so that the push below cannot throw.
    if (chunks_.size() == chunks_.capacity()) chunks_.reserve(2 * chunks_.size() + 1);
    chunks_.push_back(std::allocator<T>().allocate(kChunk));
  }

  std::vector<T*> chunks_;  // each of kChunk elements, the first size_ made
  size_t size_ = 0;
};

}  // namespace tracedb

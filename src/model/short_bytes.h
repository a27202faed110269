// CopyShort: memcpy for the few bytes of a name, inline. With a size known
// only at run time memcpy is a library call, and names, separators and
// digits are copied several times a line: the call cost more than the
// bytes (5% of a dump's profile).
//
// It reads and writes only the n bytes: two overlapping words cover any
// size between one word and two.
//
// Threading: a pure function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tracedb {

// The first and the last sizeof(Word) bytes of n (sizeof(Word) to twice
// that), as two words.
template <typename Word>
void CopyEnds(char* to, const char* from, size_t n) {
  Word head, tail;
  std::memcpy(&head, from, sizeof(Word));
  std::memcpy(&tail, from + n - sizeof(Word), sizeof(Word));
  std::memcpy(to, &head, sizeof(Word));
  std::memcpy(to + n - sizeof(Word), &tail, sizeof(Word));
}

inline void CopyShort(char* to, const char* from, size_t n) {
  if (n > 16) {
    std::memcpy(to, from, n);
  } else if (n >= 8) {
    CopyEnds<uint64_t>(to, from, n);
  } else if (n >= 4) {
    CopyEnds<uint32_t>(to, from, n);
  } else if (n > 0) {
    // 1-3 bytes: the first, the middle and the last cover them all.
    char first = from[0], middle = from[n / 2], last = from[n - 1];
    to[0] = first;
    to[n / 2] = middle;
    to[n - 1] = last;
  }
}

}  // namespace tracedb

// NameIndex: identifier -> id, looked up by string_view without allocating.
// It sits on the simulator's per-event path (several lookups an event), so
// it is an open-addressing table whose slots hold the hash and, for names up
// to 16 bytes, the name itself: a hit touches one or two cache lines (the
// table grows at three quarters full; name_index.cc says why).
//
// Not thread-safe: Insert needs the index to itself. Const lookups may run
// on many threads at once while nobody inserts, as the parser workers read
// a NameSnapshot's frozen copies (sim/name_snapshot.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedb {

// A fast hash for short identifiers (8 bytes at a time, multiply-mix).
// Inline, and without a memcpy call of variable size for the last bytes:
// the parser workers hash three or four names a line.
inline uint64_t HashName(std::string_view s) {
  constexpr uint64_t kMultiplier = 0x9fb21c651e98df25ULL;
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ s.size();
  const char* p = s.data();
  size_t n = s.size();
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    h = (h ^ word) * kMultiplier;
    h ^= h >> 29;
  }
  if (n > 0) {
    // The last 1-7 bytes, each read at least once (the length is in h).
    uint64_t word;
    if (n >= 4) {
      uint32_t first, last;
      std::memcpy(&first, p, 4);
      std::memcpy(&last, p + n - 4, 4);
      word = (uint64_t{first} << 32) | last;
    } else {
      word = (uint64_t{static_cast<unsigned char>(p[0])} << 16) |
             (uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) |
             static_cast<unsigned char>(p[n - 1]);
    }
    h = (h ^ word) * kMultiplier;
  }
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ULL;
  h ^= h >> 32;
  return h;
}

struct StringViewHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return HashName(s); }
};

// A name of up to 16 bytes as two words: its first and last 8 bytes
// (overlapping) from 8 bytes on, its first and last 4 from 4 on, else its
// first, middle and last byte. With the size they tell the name exactly,
// and they are read once, for the hash and the compare both: the size's
// branches, taken once, mispredict once.
struct ShortName {
  uint64_t head = 0;
  uint64_t tail = 0;
};

inline ShortName ShortNameOf(const char* p, size_t n) {
  ShortName words;
  if (n >= 8) {
    std::memcpy(&words.head, p, 8);
    std::memcpy(&words.tail, p + n - 8, 8);
  } else if (n >= 4) {
    uint32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    words = {head, tail};
  } else if (n > 0) {
    words.head = static_cast<unsigned char>(p[0]) |
                 uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                 uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
  }
  return words;
}

// The two words mixed with the size: two independent multiplies, then one.
inline uint64_t HashShortName(ShortName words, size_t n) {
  uint64_t h = (words.head ^ 0x9e3779b97f4a7c15ULL) * 0x9fb21c651e98df25ULL;
  h ^= (words.tail + n) * 0xd6e8feb86659fd93ULL;
  h ^= h >> 32;
  h *= 0x9fb21c651e98df25ULL;
  return h ^ (h >> 29);
}

class NameIndex {
 public:
  NameIndex() : slots_(kInitialSlots) {}

  // The id of `name`, or kNone. A plain integer, not an optional: an
  // optional<uint32_t> left this function through the stack, as two stores
  // read back as one word, which stalled every lookup (a third of its time).
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t IdOf(std::string_view name) const {
    if (name.size() > kInline) return LongIdOf(name);
    ShortName words = ShortNameOf(name.data(), name.size());
    uint64_t hash = HashShortName(words, name.size());
    size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.id == kEmpty) return kNone;
      if (slot.hash == hash && slot.size == name.size() && slot.words.head == words.head &&
          slot.words.tail == words.tail) {
        return slot.id;
      }
    }
  }
  [[gnu::always_inline]] std::optional<uint32_t> Find(std::string_view name) const {
    uint32_t id = IdOf(name);
    return id == kNone ? std::nullopt : std::optional<uint32_t>(id);
  }
  bool Contains(std::string_view name) const { return IdOf(name) != kNone; }
  // `name` must not be present yet.
  void Insert(std::string_view name, uint32_t id);
  size_t size() const { return size_; }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  static constexpr size_t kInitialSlots = 16;
  static constexpr size_t kInline = 16;

  struct Slot {
    uint64_t hash = 0;
    uint32_t id = kEmpty;
    uint32_t size = 0;
    // A name up to kInline bytes as its ShortName; a longer one is in
    // long_names_, and `head` holds its index there.
    ShortName words;
  };

  uint32_t LongIdOf(std::string_view name) const;
  void Place(const Slot& slot);

  std::vector<Slot> slots_;
  std::vector<std::string> long_names_;
  size_t size_ = 0;
};

}  // namespace tracedb

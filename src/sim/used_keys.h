// UsedKeys: the keys of completed links of one (container, type), which may
// not be used again (paje-format.md, Links). It must remember every key, yet
// stay small on long traces: keys are nearly always a fixed prefix and a
// counter ("42", "mpi_1234"), so such keys are kept as numbers per prefix in
// a NumberSet (at most about 2 bytes a key, a bit when they are dense). Any
// other key is kept whole. Exact: no hashing shortcuts.
//
// Not thread-safe, not even Contains (it remembers the last prefix); it
// lives in a LinkTrack, on the simulator's thread.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "sim/name_index.h"
#include "sim/number_set.h"

namespace tracedb {

class UsedKeys {
 public:
  // Not const: it remembers the prefix it looked up last.
  bool Contains(std::string_view key);
  void Insert(std::string_view key);
  // Bytes held for the numbered keys, and the count of other keys: what
  // memory grows with.
  size_t numbered_bytes() const;
  size_t other_keys() const { return other_.size(); }

 private:
  NumberSet* FindNumbers(std::string_view prefix);

  std::unordered_map<std::string, NumberSet, StringViewHash, std::equal_to<>> numbered_;
  std::unordered_set<std::string, StringViewHash, std::equal_to<>> other_;
  // The prefix last looked up: nearly always the same one.
  std::string last_prefix_;
  NumberSet* last_numbers_ = nullptr;
};

}  // namespace tracedb

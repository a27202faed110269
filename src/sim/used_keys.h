// UsedKeys: the keys of completed links of one (container, type), which may
// not be used again (paje-format.md, Links). It must remember every key, yet
// stay small on long traces: keys are nearly always a fixed prefix and a
// counter ("42", "mpi_1234"), and links complete roughly in key order, so such
// keys are kept as runs of consecutive numbers per prefix: a few runs however
// many links. Any other key is kept whole. Exact: no hashing shortcuts.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "sim/name_index.h"

namespace tracedb {

class UsedKeys {
 public:
  bool Contains(std::string_view key) const;
  void Insert(std::string_view key);
  // Stored pieces (runs plus whole keys): what memory grows with.
  size_t pieces() const;

 private:
  // first -> last of each run of consecutive numbers, disjoint and not adjacent.
  using Runs = std::map<uint64_t, uint64_t>;

  static bool Contains(const Runs& runs, uint64_t n);
  static void Insert(Runs& runs, uint64_t n);

  std::unordered_map<std::string, Runs, StringViewHash, std::equal_to<>> numbered_;
  std::unordered_set<std::string, StringViewHash, std::equal_to<>> other_;
};

}  // namespace tracedb

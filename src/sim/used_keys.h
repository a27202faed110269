// UsedKeys: the keys of completed links of one (container, type), which may
// not be used again (paje-format.md, Links). It must remember every key, yet
// stay small on long traces: keys are nearly always a fixed prefix and a
// counter ("42", "mpi_1234"), and links complete roughly in key order, so such
// keys are kept as runs of consecutive numbers per prefix: a few runs however
// many links when one track sees every key. When keys are spread over many
// tracks a run may hold one key: 16 bytes a link. Any other key is kept
// whole. Exact: no hashing shortcuts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sim/name_index.h"

namespace tracedb {

class UsedKeys {
 public:
  // Not const: it remembers the prefix it looked up last.
  bool Contains(std::string_view key);
  void Insert(std::string_view key);
  // Stored pieces (runs plus whole keys): what memory grows with.
  size_t pieces() const;

 private:
  struct Run {
    uint64_t first;
    uint64_t last;
  };
  // Sorted, disjoint, not adjacent. Links complete nearly in key order, so
  // inserts land at or near the end and a vector beats a tree.
  using Runs = std::vector<Run>;

  static bool Contains(const Runs& runs, uint64_t n);
  static void Insert(Runs& runs, uint64_t n);
  Runs* FindRuns(std::string_view prefix);

  std::unordered_map<std::string, Runs, StringViewHash, std::equal_to<>> numbered_;
  std::unordered_set<std::string, StringViewHash, std::equal_to<>> other_;
  // The prefix last looked up: nearly always the same one.
  std::string last_prefix_;
  Runs* last_runs_ = nullptr;
};

}  // namespace tracedb

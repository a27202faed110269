// LinkMatrix: messages, bytes and seconds per (link type, start container,
// end container), for link_summary. A program where every process talks to
// every other has a matrix as large as its container count squared, so the
// totals are held for at most `max_pairs` pairs: when that many are in use
// they are handed out as partial rows (summed again when the load
// publishes, db/sqlite/sqlite_staged_load.h, db/postgres/pg_load.h) and
// counting starts afresh.
//
// Threading: one object per load, used from one thread.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

// About 64 bytes each in an unordered_map: 16 MB at most.
inline constexpr size_t kDefaultLinkPairs = 250'000;

class LinkMatrix {
 public:
  explicit LinkMatrix(size_t max_pairs = kDefaultLinkPairs) : max_pairs_(max_pairs) {}

  // Counts `link`; when the matrix is full, first moves its totals to `out`.
  void Add(const LinkRecord& link, std::vector<LinkSummaryRecord>* out);
  // Moves every total to `out`.
  void Drain(std::vector<LinkSummaryRecord>* out);

 private:
  struct Pair {
    uint32_t type;
    int64_t start;
    int64_t end;
    bool operator==(const Pair&) const = default;
  };
  struct PairHash {
    size_t operator()(const Pair& p) const;
  };
  struct Totals {
    int64_t messages = 0;
    int64_t bytes = -1;
    double seconds = 0;
  };

  size_t max_pairs_;
  std::unordered_map<Pair, Totals, PairHash> totals_;
};

}  // namespace tracedb

// LinkMatrix: messages, bytes and seconds per (link type, start container,
// end container), for link_summary. A program where every process talks to
// every other has a matrix as large as its container count squared, so at
// most `max_pairs` totals stay in memory: when that many are in use, they
// are sorted and spilled to a temporary file (a run), and Drain merges the
// runs, adding up each pair's parts, so that the database gets one exact
// row per pair whatever the matrix's size.
//
// Threading: one object per load, used from one thread.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

// About 80 bytes each in memory: 20 MB at most.
inline constexpr size_t kDefaultLinkPairs = 250'000;

class LinkMatrix {
 public:
  explicit LinkMatrix(size_t max_pairs = kDefaultLinkPairs) : max_pairs_(max_pairs) {}

  void Add(const LinkRecord& link);
  // Every pair's totals, in (type, start, end) order, `chunk` rows per call
  // of `emit` at most. Throws std::runtime_error when a spill file fails.
  void Drain(size_t chunk, const std::function<void(std::vector<LinkSummaryRecord>&)>& emit);

  size_t runs() const { return runs_.size(); }

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
  struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  using File = std::unique_ptr<std::FILE, FileCloser>;

  std::vector<LinkSummaryRecord> Sorted() const;
  void Spill();

  size_t max_pairs_;
  std::unordered_map<Pair, Totals, PairHash> totals_;
  std::vector<File> runs_;  // each sorted, deleted when closed (tmpfile)
};

}  // namespace tracedb

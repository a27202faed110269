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

#include <bit>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

// Pairs held in memory before a spill: 48 bytes each in a table of at most
// 2^17 slots (6 MB; 9 MB for a moment while it doubles to that size, freed
// once drained). The 1 GB bench trace, 1.8M pairs, spills 37 runs; merging
// them costs little.
inline constexpr size_t kDefaultLinkPairs = 98'304;
// The table starts this small (a power of two: slots are found by masking)
// and doubles when three quarters full: a trace with a few pairs, or none,
// does not pay for 6 MB (zeroed, page by page) in every ingest and
// summarize.
inline constexpr size_t kFirstLinkSlots = 16;
static_assert(std::has_single_bit(kFirstLinkSlots));

class LinkMatrix {
 public:
  explicit LinkMatrix(size_t max_pairs = kDefaultLinkPairs);

  void Add(const LinkRecord& link);
  // Every pair's totals, in (start, end, type) order, `chunk` rows per call
  // of `emit` at most; the last call. Throws std::runtime_error when a
  // spill file fails.
  void Drain(size_t chunk, const std::function<void(std::vector<LinkSummaryRecord>&)>& emit);

  size_t runs() const { return runs_.size(); }
  // The table's size now, in slots of 48 bytes.
  size_t slots() const { return slots_.size(); }

 private:
  struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  using File = std::unique_ptr<std::FILE, FileCloser>;

  LinkSummaryRecord& Claim(const LinkRecord& link);
  void Grow();
  void Spill();

  size_t max_pairs_;
  // Open addressing, linear probing; messages == 0 marks a free slot, and
  // at least a quarter of them are.
  std::vector<LinkSummaryRecord> slots_;
  size_t used_ = 0;
  std::vector<File> runs_;  // each sorted, deleted when closed (tmpfile)
};

}  // namespace tracedb

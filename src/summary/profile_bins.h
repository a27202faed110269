// ProfileBins: the time each (type, value) occupies in equal time bins, for
// state_profile. The trace's span is known only at its end, so the bins'
// width is a power of two of the trace's unit that doubles, merging bins in
// pairs, whenever the covered span needs more than `max_bins` of them: at
// the end there are between max_bins/2 and max_bins bins (fewer for a trace
// whose states all come at once), each holding exact sums of overlaps, and
// memory is at most max_bins numbers per (type, value) whatever the trace's
// length.
// A bin's time below a millionth of a millionth of its width is taken for
// rounding left by nested states' subtractions, and not given out. A bin is
// never narrower than the spacing of doubles at its states' times, so that
// its bounds differ (fewer bins, then, for a short trace far from zero).
// Each value keeps only the bins from its first state to its last: a trace
// of 200,000 values, each used for a moment, held 1,000 bins for each of
// them (800 MB). And the bins widen further while all values together hold
// more than kMaxCells of them (4 million, 32 MB; a trace of 14,000 values
// over its whole span gets 142 to 285 bins), down to kFewestBins.
//
// Threading: one object per load, used from one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "model/row_batch.h"

namespace tracedb {

inline constexpr size_t kMaxCells = size_t{1} << 22;
inline constexpr int64_t kFewestBins = 16;

class ProfileBins {
 public:
  explicit ProfileBins(uint32_t max_bins);

  // Adds `sign` times the overlap of [start, end) with each bin to the
  // bins of (type, value): +1 for a state's own value, -1 for the value of
  // the state it was pushed on, so that the bins hold exclusive time.
  void Add(uint32_t type, uint32_t value, double start, double end, double sign);

  // The bins with time in them, by type, value and bin; bin 0 is the first
  // bin with time in it for any value. `added` runs after each record (to
  // hand `out` on when it is full).
  void AppendRecords(
      std::vector<ProfileRecord>* out, const std::function<void()>& added = [] {}) const;

 private:
  using Key = std::pair<uint32_t, uint32_t>;  // type, value
  // A value's bins, from the first it has time in to the last.
  struct Bins {
    int64_t first = 0;            // seconds[i] is bin first + i
    std::vector<double> seconds;  // empty until its first state
  };

  double Width() const;
  double BinAt(double time) const;   // the bin holding `time`, whatever its size
  double BinAfter(double end) const;  // the bin after the last [.., end) reaches
  int64_t BinOf(double time) const;   // BinAt, within bins in use
  void Start(double start, double end);
  void Cover(double start, double end);  // widens and extends until it fits
  void Widen();
  void Spread(Bins& bins, double start, double end, double sign);
  void Grow(Bins& bins, int64_t first, int64_t last);

  uint32_t max_bins_;
  bool started_ = false;
  double origin_ = 0;  // bin b is [origin_ + b * width, origin_ + (b + 1) * width)
  int exponent_ = 0;   // width = 2^exponent_
  int64_t lo_ = 0;     // bins [lo_, hi_) are in use
  int64_t hi_ = 0;
  std::map<Key, Bins> bins_;
  size_t cells_ = 0;  // bins held, all values together
};

}  // namespace tracedb

// CounterIntegral: one counter on one container as the integral of its
// rate, F(t) = what it counted from the first sample up to t, and the count
// within any interval, F(to) - F(from). A counter is stored as variable
// rows of its rate per second, each over the interval a sample counted
// (format/counter_track.h): F is piecewise linear, and between rows, where
// nothing was sampled, flat.
//
// Holds the pieces of one container's counter (32 bytes each), so that a
// profile's memory is one container's samples at most
// (counter_totals.h). Plain value; one thread at a time.
#pragma once

#include <cstddef>
#include <vector>

namespace tracedb {

class CounterIntegral {
 public:
  // The rate over [start, end). Rows come in start order and do not
  // overlap, as one variable's rows on one container never do (one row per
  // change of value).
  void Add(double start, double end, double rate);

  // What was counted within [from, to): 0 when to <= from.
  double Count(double from, double to) const;

  bool empty() const { return pieces_.empty(); }

 private:
  struct Piece {
    double start = 0;
    double end = 0;
    double rate = 0;
    double before = 0;  // F(start): what the pieces before this one counted
  };

  // How many pieces start at or before t.
  size_t StartedBy(double t) const;
  // What `piece` counted within [from, to).
  static double Within(const Piece& piece, double from, double to);

  std::vector<Piece> pieces_;
};

}  // namespace tracedb

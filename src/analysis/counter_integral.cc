#include "analysis/counter_integral.h"

#include <algorithm>

namespace tracedb {

void CounterIntegral::Add(double start, double end, double rate) {
  double before = 0;
  if (!pieces_.empty()) {
    const Piece& last = pieces_.back();
    before = last.before + Within(last, last.start, last.end);
  }
  pieces_.push_back({.start = start, .end = end, .rate = rate, .before = before});
}

size_t CounterIntegral::StartedBy(double t) const {
  auto after = std::upper_bound(pieces_.begin(), pieces_.end(), t,
                                [](double time, const Piece& piece) { return time < piece.start; });
  return static_cast<size_t>(after - pieces_.begin());
}

double CounterIntegral::Within(const Piece& piece, double from, double to) {
  return piece.rate *
         (std::clamp(to, piece.start, piece.end) - std::clamp(from, piece.start, piece.end));
}

// F(to) - F(from), taken apart so that the large running totals cancel
// out of it: the rest of the piece `from` is in, the whole pieces between
// (a difference of two totals), and the part of the piece `to` is in. A
// state within one piece (most states: samples are coarser) is
// rate * (to - from), without the totals at all.
double CounterIntegral::Count(double from, double to) const {
  if (!(to > from)) return 0;
  size_t first = StartedBy(from), last = StartedBy(to);
  if (last == 0) return 0;
  const Piece& end_piece = pieces_[last - 1];
  if (first == last) return Within(end_piece, from, to);
  double head = first > 0 ? Within(pieces_[first - 1], from, to) : 0;
  double between = end_piece.before - (first > 0 ? pieces_[first].before : 0);
  return head + between + Within(end_piece, from, to);
}

}  // namespace tracedb

#include "summary/profile_bins.h"

#include <algorithm>
#include <cmath>

namespace tracedb {
namespace {

// Floor and ceiling of a / 2 for negative bins too.
int64_t HalfDown(int64_t a) { return a >= 0 ? a / 2 : -((1 - a) / 2); }
int64_t HalfUp(int64_t a) { return -HalfDown(-a); }

// Overlaps this small beside a bin are rounding left by adding and
// subtracting nested states' times, not time.
constexpr double kNoise = 1e-12;

// Bin numbers stay exact integers, in an int64_t, below this.
constexpr double kFarBins = 0x1p50;

// The spacing of doubles at the larger of |start| and |end|: a narrower bin
// could not have bounds of its own there (a trace in microseconds since
// 1970, near 1e15, has times 0.125 apart; its 1,000 bins of a 5-second span
// had bin_end equal to bin_start).
double Resolution(double start, double end) {
  double far = std::max(std::abs(start), std::abs(end));
  return far > 0 ? std::ldexp(1.0, std::ilogb(far) - 52) : 0;
}

}  // namespace

ProfileBins::ProfileBins(uint32_t max_bins) : max_bins_(std::max<uint32_t>(max_bins, 2)) {}

double ProfileBins::Width() const { return std::ldexp(1.0, exponent_); }

double ProfileBins::BinAt(double time) const {
  return std::floor(std::ldexp(time - origin_, -exponent_));
}

// The bin after the last that [.., end) reaches: end is exclusive.
double ProfileBins::BinAfter(double end) const {
  return std::ceil(std::ldexp(end - origin_, -exponent_));
}

// Once Cover has made room for `time`: then its bin fits.
int64_t ProfileBins::BinOf(double time) const { return static_cast<int64_t>(BinAt(time)); }

// The narrowest width that holds [start, end) in max_bins bins. Bins start
// at 0, so that their bounds are round numbers, unless the trace's times
// are so far from 0 that bin numbers would lose precision: then at a
// multiple of the width near the start.
void ProfileBins::Start(double start, double end) {
  int exponent = 0;
  std::frexp(std::max((end - start) / max_bins_, Resolution(start, end)), &exponent);
  exponent_ = exponent;
  origin_ = 0;
  if (std::abs(std::ldexp(start, -exponent_)) > kFarBins) {
    origin_ = std::ldexp(std::floor(std::ldexp(start, -exponent_)), exponent_);
  }
  lo_ = hi_ = BinOf(start);  // Cover extends them
  started_ = true;
}

void ProfileBins::Add(uint32_t type, uint32_t value, double start, double end, double sign) {
  if (!(end > start)) return;  // no time to share out (or NaN)
  if (!started_) Start(start, end);
  Cover(start, end);
  Spread(bins_[{type, value}], start, end, sign);
  while (cells_ > kMaxCells && hi_ - lo_ > kFewestBins) Widen();
}

// In doubles until the bins fit: a state far from the others (a trace whose
// first states are nanoseconds long, then one a million seconds later) has
// a bin number beyond int64_t at the narrow width. Wider, too, than the
// doubles' spacing where the state is.
void ProfileBins::Cover(double start, double end) {
  for (;;) {
    double lo = std::min(static_cast<double>(lo_), BinAt(start));
    double hi = std::max(static_cast<double>(hi_), BinAfter(end));
    if (hi - lo <= static_cast<double>(max_bins_) && Width() >= Resolution(start, end)) {
      lo_ = static_cast<int64_t>(lo);
      hi_ = static_cast<int64_t>(hi);
      return;
    }
    Widen();
  }
}

void ProfileBins::Widen() {
  cells_ = 0;
  for (auto& [key, bins] : bins_) {
    int64_t first = HalfDown(bins.first);
    auto end = HalfUp(bins.first + static_cast<int64_t>(bins.seconds.size()));
    std::vector<double> merged(static_cast<size_t>(end - first), 0.0);
    for (size_t i = 0; i < bins.seconds.size(); ++i) {
      merged[static_cast<size_t>(HalfDown(bins.first + static_cast<int64_t>(i)) - first)] +=
          bins.seconds[i];
    }
    cells_ += merged.size();
    bins = {first, std::move(merged)};
  }
  lo_ = HalfDown(lo_);
  hi_ = HalfUp(hi_);
  ++exponent_;
}

// Makes room for bins [first, last] among the value's own.
void ProfileBins::Grow(Bins& bins, int64_t first, int64_t last) {
  size_t before = bins.seconds.size();
  if (bins.seconds.empty()) {
    bins = {first, std::vector<double>(static_cast<size_t>(last - first + 1), 0.0)};
  } else {
    if (first < bins.first) {
      bins.seconds.insert(bins.seconds.begin(), static_cast<size_t>(bins.first - first), 0.0);
      bins.first = first;
    }
    auto size = static_cast<size_t>(last - bins.first + 1);
    if (bins.seconds.size() < size) bins.seconds.resize(size, 0.0);
  }
  cells_ += bins.seconds.size() - before;
}

void ProfileBins::Spread(Bins& bins, double start, double end, double sign) {
  const double width = Width();
  int64_t first = BinOf(start);
  auto last = static_cast<int64_t>(BinAfter(end)) - 1;
  Grow(bins, first, last);
  for (int64_t b = first; b <= last; ++b) {
    double from = std::max(start, origin_ + static_cast<double>(b) * width);
    double to = std::min(end, origin_ + static_cast<double>(b + 1) * width);
    if (to > from) bins.seconds[static_cast<size_t>(b - bins.first)] += sign * (to - from);
  }
}

void ProfileBins::AppendRecords(std::vector<ProfileRecord>* out,
                                const std::function<void()>& added) const {
  const double width = Width();
  for (const auto& [key, bins] : bins_) {
    for (size_t i = 0; i < bins.seconds.size(); ++i) {
      if (std::abs(bins.seconds[i]) <= kNoise * width) continue;
      int64_t bin = bins.first + static_cast<int64_t>(i);
      double start = origin_ + static_cast<double>(bin) * width;
      out->push_back(ProfileRecord{.type = key.first,
                                   .value = key.second,
                                   .bin = static_cast<uint32_t>(bin - lo_),
                                   .bin_start = start,
                                   .bin_end = start + width,
                                   .seconds = bins.seconds[i]});
      added();
    }
  }
}

}  // namespace tracedb

#include "summary/long_states.h"

#include <algorithm>

#include "model/duration_class.h"

namespace tracedb {
namespace {

// Long whatever their share, and the share of the states that may be long.
constexpr int64_t kAlwaysLong = 64;
constexpr int64_t kLongShare = 50;  // one in 50: 2%

}  // namespace

LongStates::LongStates()
    : counts_(kOverflowDurationClass - kShortestDurationClass + 1),
      threshold_(0),
      lowest_(static_cast<int32_t>(counts_.size())) {}

void LongStates::Mark(std::vector<StateRecord>& states) {
  for (StateRecord& s : states) s.long_state = Add(DurationClass(s.start, s.end));
}

int64_t LongStates::Allowance() const { return std::max(kAlwaysLong, states_ / kLongShare); }

bool LongStates::Add(int32_t duration_class) {
  int32_t index = duration_class - kShortestDurationClass;
  ++counts_[index];
  ++states_;
  lowest_ = std::min(lowest_, index);
  threshold_ = std::max(threshold_, lowest_);  // below every class seen is the same K
  if (index >= threshold_) ++at_or_above_;
  while (at_or_above_ > Allowance()) at_or_above_ -= counts_[threshold_++];
  while (threshold_ > lowest_ && at_or_above_ + counts_[threshold_ - 1] <= Allowance()) {
    at_or_above_ += counts_[--threshold_];
  }
  return index >= threshold_;
}

}  // namespace tracedb

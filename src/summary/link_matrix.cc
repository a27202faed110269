#include "summary/link_matrix.h"

#include <algorithm>
#include <limits>

namespace tracedb {

size_t LinkMatrix::PairHash::operator()(const Pair& p) const {
  uint64_t h = (static_cast<uint64_t>(p.start) * 0x9e3779b97f4a7c15ULL) ^
               (static_cast<uint64_t>(p.end) + (static_cast<uint64_t>(p.type) << 40));
  return static_cast<size_t>(h * 0xbf58476d1ce4e5b9ULL >> 7);
}

void LinkMatrix::Add(const LinkRecord& link, std::vector<LinkSummaryRecord>* out) {
  Pair pair{link.type, link.start_container, link.end_container};
  auto found = totals_.find(pair);
  if (found == totals_.end()) {
    if (totals_.size() >= max_pairs_) Drain(out);
    found = totals_.emplace(pair, Totals{}).first;
  }
  Totals& t = found->second;
  ++t.messages;
  if (link.size) t.bytes = std::max<int64_t>(t.bytes, 0) + *link.size;
  t.seconds += link.end - link.start;  // meaningless, and not stored, for a missing half
}

void LinkMatrix::Drain(std::vector<LinkSummaryRecord>* out) {
  for (const auto& [pair, t] : totals_) {
    out->push_back(LinkSummaryRecord{.type = pair.type,
                                     .start_container = pair.start,
                                     .end_container = pair.end,
                                     .messages = t.messages,
                                     .bytes = t.bytes,
                                     .seconds = pair.start >= 0 && pair.end >= 0
                                                    ? t.seconds
                                                    : std::numeric_limits<double>::quiet_NaN()});
  }
  totals_.clear();
}

}  // namespace tracedb

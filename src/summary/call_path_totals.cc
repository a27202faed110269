#include "summary/call_path_totals.h"

#include <algorithm>
#include <tuple>

namespace tracedb {

CallPathTotals::Totals& CallPathTotals::At(uint32_t path) {
  uint32_t index = path & ~kOtherPathsBit;
  if (index >= paths_.size()) paths_.resize(index + 1);
  return paths_[index];
}

void CallPathTotals::Add(const StateRecord& s) {
  if (s.path == kNoPath) return;  // written by a producer that numbers no paths
  double seconds = s.end - s.start;
  Totals& t = At(s.path);
  if (t.count++ == 0) {
    bool other = IsOtherPaths(s.path);
    t.parent = other ? kNoPath : s.parent_path;
    t.container = s.container;
    t.type = s.type;
    t.value = other ? kNoValue : s.value;
    t.depth = other ? 0 : s.depth;
  }
  t.inclusive += seconds;
  t.exclusive += seconds;
  if (s.parent_path != kNoPath) At(s.parent_path).exclusive -= seconds;
}

// The paths in the order their ids are given: by depth, container, type,
// the path below (already numbered) and value, "(other paths)" last.
std::vector<uint32_t> CallPathTotals::CanonicalOrder(std::vector<uint32_t>* ids) const {
  std::vector<uint32_t> order;
  for (uint32_t id = 0; id < paths_.size(); ++id) {
    if (paths_[id].count > 0) order.push_back(id);
  }
  auto key = [&](uint32_t id) {
    const Totals& t = paths_[id];
    uint32_t below = t.parent == kNoPath ? 0 : (*ids)[t.parent & ~kOtherPathsBit];
    return std::make_tuple(t.depth, t.container, t.type, below, t.value);
  };
  // Level by level, so that each level's parents have their ids.
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return paths_[a].depth < paths_[b].depth; });
  for (size_t from = 0; from < order.size();) {
    size_t to = from;
    while (to < order.size() && paths_[order[to]].depth == paths_[order[from]].depth) ++to;
    std::sort(order.begin() + from, order.begin() + to,
              [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
    for (size_t i = from; i < to; ++i) (*ids)[order[i]] = static_cast<uint32_t>(i + 1);
    from = to;
  }
  return order;
}

void CallPathTotals::Finish(std::vector<CallPathRecord>* out,
                            const std::function<void()>& spill) const {
  std::vector<uint32_t> ids(paths_.size(), kNoPath);
  for (uint32_t id : CanonicalOrder(&ids)) {
    const Totals& t = paths_[id];
    out->push_back({.path = ids[id],
                    .parent = t.parent == kNoPath ? kNoPath : ids[t.parent & ~kOtherPathsBit],
                    .container = t.container,
                    .type = t.type,
                    .value = t.value,
                    .depth = t.depth,
                    .count = t.count,
                    .inclusive = t.inclusive,
                    .exclusive = t.exclusive});
    spill();
  }
}

}  // namespace tracedb

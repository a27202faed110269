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
  // "(other paths)" has no children: its time is that of its outermost
  // states, as inclusive as exclusive (its states nested in its states
  // would count twice).
  if (s.parent_path != s.path) t.inclusive += seconds;
  t.exclusive += seconds;
  if (s.parent_path != kNoPath) At(s.parent_path).exclusive -= seconds;
}

// The paths in the order their ids are given: by depth, container, type,
// the path below (already numbered) and value, "(other paths)" last. Level
// by level, so that each level's parents have their ids; each sorted on
// keys made once (a comparison that looked them up cost 1.2% of an ingest).
std::vector<uint32_t> CallPathTotals::CanonicalOrder(std::vector<uint32_t>* ids) const {
  std::vector<std::vector<uint32_t>> levels;
  for (uint32_t id = 0; id < paths_.size(); ++id) {
    const Totals& t = paths_[id];
    if (t.count == 0) continue;
    if (t.depth >= levels.size()) levels.resize(t.depth + 1);
    levels[t.depth].push_back(id);
  }
  using Key = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>;
  std::vector<uint32_t> order;
  std::vector<Key> keys;
  for (const std::vector<uint32_t>& level : levels) {
    keys.clear();
    for (uint32_t id : level) {
      const Totals& t = paths_[id];
      uint32_t below = t.parent == kNoPath ? 0 : (*ids)[t.parent & ~kOtherPathsBit];
      keys.emplace_back(t.container, t.type, below, t.value, id);
    }
    std::sort(keys.begin(), keys.end());
    for (const Key& key : keys) {
      order.push_back(std::get<4>(key));
      (*ids)[order.back()] = static_cast<uint32_t>(order.size());
    }
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

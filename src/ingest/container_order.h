// ContainerOrder: the order in which the writers store a batch's rows of one
// table: grouped by container, ascending, each container's rows in the order
// they came (nearly that of time). That is the archive's index order
// (container, time), so the index that both databases build from the rows
// starts from long sorted runs: SQLite's B-trees visit each container's pages
// once per batch, PostgreSQL's index sort does about a third less work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tracedb {

// Positions in `records` of those whose container passes `keep`, in
// container order. Containers and positions are below 2^32.
template <typename Record, typename Keep>
std::vector<uint32_t> ContainerOrder(const std::vector<Record>& records, Keep keep) {
  // (container, position) packed in one integer: a plain sort, and stable.
  std::vector<uint64_t> keys;
  keys.reserve(records.size());
  for (uint32_t i = 0; i < records.size(); ++i) {
    if (keep(records[i].container)) keys.push_back(uint64_t(records[i].container) << 32 | i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<uint32_t> order(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) order[i] = static_cast<uint32_t>(keys[i]);
  return order;
}

}  // namespace tracedb

// ContainerOrder: the order in which the writers store a batch's rows of one
// table: grouped by container, ascending, each container's rows in the order
// they came (nearly that of time). That is the archive's index order
// (container, time), so the index that both databases build from the rows
// starts from long sorted runs: SQLite's publish merges them
// (db/sqlite/staged/run_merger.h), PostgreSQL's index sort does about a third less
// work.
//
// ContainerOrder keeps no state. A ContainerOrderScratch is not shared: each
// SQLite part and PostgreSQL lane, on a thread of its own, has its own.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tracedb {

// Reused from batch to batch: the writers call it for every table of every
// batch, and fresh vectors of that size are fresh pages each time.
struct ContainerOrderScratch {
  std::vector<uint32_t> starts;  // per container, where its next row goes
};

// Fills `order` with the positions in `records` of those whose container
// (an id >= 0) passes `keep`, in container order. Positions are below 2^32.
template <typename Record, typename Keep>
void ContainerOrder(const std::vector<Record>& records, Keep keep, std::vector<uint32_t>& order,
                    ContainerOrderScratch& scratch) {
  order.clear();
  int64_t top = -1;
  size_t kept = 0;
  for (const Record& r : records) {
    if (!keep(r.container)) continue;
    top = std::max<int64_t>(top, r.container);
    ++kept;
  }
  if (top >= static_cast<int64_t>(4 * kept + 1024)) {
    // Sparse ids (never seen from our readers, but allowed).
    for (uint32_t i = 0; i < records.size(); ++i) {
      if (keep(records[i].container)) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&records](uint32_t a, uint32_t b) {
      return records[a].container < records[b].container;
    });
    return;
  }
  // Container ids are dense in a trace: a counting sort, stable; with the
  // pass above, three plain passes over the records.
  std::vector<uint32_t>& starts = scratch.starts;
  starts.assign(top + 2, 0);
  for (const Record& r : records) {
    if (keep(r.container)) ++starts[r.container + 1];
  }
  for (size_t c = 1; c < starts.size(); ++c) starts[c] += starts[c - 1];
  order.resize(kept);
  for (uint32_t i = 0; i < records.size(); ++i) {
    if (keep(records[i].container)) order[starts[records[i].container]++] = i;
  }
}

}  // namespace tracedb

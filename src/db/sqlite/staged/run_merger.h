// RunMerger: reads a staged load's rows of one entity table from its
// scratch parts, on a thread of its own, merged by container and time: the
// order of the archive's (trace_id, container_id, time) index. The publish
// inserts them in that order (db/sqlite/staged/row_block_table.h), so that every
// insert goes to the right edge of the table and of its index.
//
// Each part holds one run per batch, sorted by container and time
// (db/sqlite/scratch_runs.h). Copied one run after the other, as an
// INSERT ... SELECT does, every run visits every container's end of the
// index again: a descent and an insert inside the B-tree each row. Measured
// with the sqlite3 shell, the 1 GB bench trace's 18.6 million entity rows
// into an empty archive: 26.9 s in batch order, 16.3 s sorted (8.8 s
// without the indexes). SQLite's own ORDER BY costs what it saves (its
// sorter copies whole records), and so does a merge on the publishing
// thread that binds each value to an INSERT (1 GB: no faster): here the
// reading and merging run on the other core, and the publish only copies
// values out of blocks.
//
// A container's rows of equal time keep the order they were written in.
// At most `max_open_runs` runs are open at once, each a statement holding
// one page of its part; a trace of more runs is merged in groups of
// consecutive batches, each group sorted.
//
// Threading: construct, Next and Finish on one thread; the merge runs on
// another, with connections of its own to the scratch files, which nothing
// may write meanwhile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "concurrency/bounded_queue.h"
#include "db/sqlite/staged/row_block.h"

namespace tracedb {

inline constexpr size_t kMaxMergedRuns = 1024;

// One part's runs of the table: its scratch file, and the last rowid of
// each run (ScratchRuns::ends).
struct PartRuns {
  std::string path;
  const std::vector<int64_t>* ends;
};

// The scratch table's columns: quoted, comma-separated, as in a SELECT.
struct MergeColumns {
  std::string list;
  int count = 0;
  int container = -1;  // where container_id is among them
  int time = -1;       // where the time is
};

// The layout of `list`; `time` names the time column, unquoted. Throws
// std::logic_error when either key is missing.
MergeColumns MergeColumnsOf(const std::string& list, const std::string& time);

class RunMerger {
 public:
  // Starts merging `table`'s runs of every part.
  RunMerger(std::vector<PartRuns> parts, std::string table, MergeColumns columns,
            size_t max_open_runs = kMaxMergedRuns);
  ~RunMerger();  // stops the merge if it still runs
  RunMerger(const RunMerger&) = delete;
  RunMerger& operator=(const RunMerger&) = delete;

  // The next rows, in order; none once all were given, or the merge failed.
  std::optional<RowBlock> Next();
  // Waits for the merge to end; throws its error, if it failed, and a
  // std::logic_error if the runs held fewer or more rows than they said.
  void Finish();

 private:
  void Merge() noexcept;
  bool MergeGroup(size_t first, size_t count);
  bool Emit(RowBlock& block);

  std::vector<PartRuns> parts_;
  std::string table_;
  MergeColumns columns_;
  size_t max_open_runs_;
  int64_t expected_rows_ = 0;
  int64_t merged_rows_ = 0;  // the merge's thread's, read after the join
  BoundedQueue<RowBlock> blocks_;
  std::exception_ptr error_;
  std::thread thread_;  // last: started once the rest is set
};

}  // namespace tracedb

#include "db/sqlite/staged/run_merger.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "db/sqlite/sqlite_connection.h"

namespace tracedb {
namespace {

constexpr size_t kBlockRows = 8192;  // per RowBlock: about 1 MB of cells
constexpr size_t kQueuedBlocks = 4;

// A run's next row's place in the merge: (container, time, run). A missing
// time sorts first, as the index has NULL.
using Head = std::tuple<int64_t, double, size_t>;

Head HeadOf(const SqliteStatement& run, const MergeColumns& columns, size_t index) {
  double time = run.ColumnIsNull(columns.time) ? -std::numeric_limits<double>::infinity()
                                               : run.ColumnDouble(columns.time);
  return {run.ColumnInt(columns.container), time, index};
}

RowBlock EmptyBlock(int columns) {
  RowBlock block;
  block.columns = columns;
  block.cells.reserve(kBlockRows * columns);
  return block;
}

}  // namespace

MergeColumns MergeColumnsOf(const std::string& list, const std::string& time) {
  MergeColumns columns{.list = list};
  for (size_t from = 0; from <= list.size();) {
    size_t comma = std::min(list.find(',', from), list.size());
    std::string name = list.substr(from, comma - from);
    if (name == "\"container_id\"") columns.container = columns.count;
    if (name == "\"" + time + "\"") columns.time = columns.count;
    ++columns.count;
    from = comma + 1;
  }
  if (columns.container < 0 || columns.time < 0) {
    throw std::logic_error("RunMerger: no container_id or " + time + " among " + list);
  }
  return columns;
}

RunMerger::RunMerger(std::vector<PartRuns> parts, std::string table, MergeColumns columns,
                     size_t max_open_runs)
    : parts_(std::move(parts)),
      table_(std::move(table)),
      columns_(std::move(columns)),
      max_open_runs_(std::max<size_t>(1, max_open_runs)),
      blocks_(kQueuedBlocks) {
  for (const PartRuns& part : parts_) {
    if (!part.ends->empty()) expected_rows_ += part.ends->back();
  }
  thread_ = std::thread([this] { Merge(); });
}

RunMerger::~RunMerger() {
  blocks_.Cancel();
  if (thread_.joinable()) thread_.join();
}

std::optional<RowBlock> RunMerger::Next() { return blocks_.Pop(); }

void RunMerger::Finish() {
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
  if (merged_rows_ != expected_rows_) {
    throw std::logic_error("RunMerger: " + table_ + "'s runs held " +
                           std::to_string(merged_rows_) + " rows, not " +
                           std::to_string(expected_rows_));
  }
}

void RunMerger::Merge() noexcept {
  try {
    size_t most = 0;
    for (const PartRuns& part : parts_) most = std::max(most, part.ends->size());
    size_t per_part = std::max<size_t>(1, max_open_runs_ / std::max<size_t>(1, parts_.size()));
    for (size_t first = 0; first < most; first += per_part) {
      if (!MergeGroup(first, per_part)) return;  // cancelled
    }
    blocks_.Close();
  } catch (...) {
    error_ = std::current_exception();
    blocks_.Cancel();
  }
}

// Runs [first, first + count) of every part, merged; false when cancelled.
bool RunMerger::MergeGroup(size_t first, size_t count) {
  std::vector<std::unique_ptr<SqliteConnection>> connections;
  std::vector<SqliteStatement> open;  // after the connections: destroyed first
  std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
  for (const PartRuns& part : parts_) {
    const std::vector<int64_t>& ends = *part.ends;
    if (first >= ends.size()) continue;
    connections.push_back(std::make_unique<SqliteConnection>(part.path, SqliteFile::kScratch));
    for (size_t i = first; i < std::min(first + count, ends.size()); ++i) {
      open.push_back(connections.back()->Prepare("SELECT " + columns_.list + " FROM main." +
                                                 table_ + " WHERE rowid > ?1 AND rowid <= ?2"));
      open.back().BindInt(1, i == 0 ? 0 : ends[i - 1]);
      open.back().BindInt(2, ends[i]);
      if (open.back().Step()) heads.push(HeadOf(open.back(), columns_, open.size() - 1));
    }
  }
  RowBlock block = EmptyBlock(columns_.count);
  while (!heads.empty()) {
    size_t index = std::get<2>(heads.top());
    heads.pop();
    SqliteStatement& run = open[index];
    block.Add(run);
    if (block.rows == kBlockRows && !Emit(block)) return false;
    if (run.Step()) heads.push(HeadOf(run, columns_, index));
  }
  return Emit(block);
}

// Hands `block` on, if it has rows, and leaves it empty.
bool RunMerger::Emit(RowBlock& block) {
  if (block.rows == 0) return true;
  merged_rows_ += static_cast<int64_t>(block.rows);
  bool taken = blocks_.Push(std::move(block));
  block = EmptyBlock(columns_.count);
  return taken;
}

}  // namespace tracedb

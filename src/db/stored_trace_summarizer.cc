#include "db/stored_trace_summarizer.h"

#include <optional>

#include "summary/state_stacks.h"

namespace tracedb {
namespace {

// Rows gathered into one batch, handed to the summarizer whenever it holds
// `limit` rows.
class BatchFeed {
 public:
  BatchFeed(size_t limit, TraceSummarizer* summarizer) : limit_(limit), summarizer_(summarizer) {}

  RowBatch& batch() { return batch_; }
  void Added() {
    if (batch_.rows() >= limit_) Flush();
  }
  void Flush() {
    summarizer_->Add(batch_);
    batch_.Clear();
  }

 private:
  size_t limit_;
  TraceSummarizer* summarizer_;
  RowBatch batch_;
};

int64_t IdOrNone(const RowCursor& row, int column) {
  return row.IsNull(column) ? -1 : row.Int(column);
}

uint32_t Id(const RowCursor& row, int column) { return static_cast<uint32_t>(row.Int(column)); }

// In index order, one container after the other: a container's stacks are
// replayed, and closed, before the next one's begin.
void FeedStates(const SelectRows& select, BatchFeed& feed) {
  auto rows = select(
      "SELECT container_id, type_id, value_id, start_time, end_time, depth, long_state FROM state"
      " WHERE trace_id = $1 ORDER BY container_id, start_time, depth, end_time");
  StateStacks stacks;
  std::optional<int64_t> container;
  while (rows->Next()) {
    if (container != rows->Int(0)) {
      stacks.Flush(&feed.batch().states);
      container = rows->Int(0);
    }
    stacks.Push({.container = Id(*rows, 0),
                 .type = Id(*rows, 1),
                 .value = Id(*rows, 2),
                 .long_state = rows->Int(6) != 0,
                 .start = rows->Double(3),
                 .end = rows->Double(4),
                 .depth = Id(*rows, 5),
                 .extra = {}},
                &feed.batch().states);
    feed.Added();
  }
  stacks.Flush(&feed.batch().states);
}

void FeedEvents(const SelectRows& select, BatchFeed& feed) {
  auto rows = select("SELECT container_id, type_id, value_id FROM event WHERE trace_id = $1");
  while (rows->Next()) {
    // A numbered event (no value_id) counts under -1, as in a load.
    feed.batch().events.push_back(
        {.container = Id(*rows, 0), .type = Id(*rows, 1), .value = IdOrNone(*rows, 2)});
    feed.Added();
  }
}

// In index order: a container's intervals of one type in time, as the
// load met them, so that their time-weighted sums round alike.
void FeedVariables(const SelectRows& select, BatchFeed& feed) {
  auto rows = select(
      "SELECT container_id, type_id, start_time, end_time, value FROM variable"
      " WHERE trace_id = $1 ORDER BY container_id, start_time");
  while (rows->Next()) {
    feed.batch().variables.push_back({.container = Id(*rows, 0),
                                      .type = Id(*rows, 1),
                                      .start = rows->Double(2),
                                      .end = rows->Double(3),
                                      .value = rows->Double(4)});
    feed.Added();
  }
}

void FeedLinks(const SelectRows& select, BatchFeed& feed) {
  auto rows = select(
      "SELECT type_id, start_container_id, end_container_id, start_time, end_time, size"
      " FROM link WHERE trace_id = $1");
  while (rows->Next()) {
    bool sized = !rows->IsNull(5);
    feed.batch().links.push_back({.type = Id(*rows, 0),
                                  .has_size = sized,
                                  .start_container = IdOrNone(*rows, 1),
                                  .end_container = IdOrNone(*rows, 2),
                                  .start = rows->Double(3),
                                  .end = rows->Double(4),
                                  .size_value = sized ? rows->Int(5) : 0});
    feed.Added();
  }
}

}  // namespace

void SummarizeStoredRows(const SelectRows& select, size_t batch_rows, TraceSummarizer* summarizer) {
  BatchFeed feed(batch_rows, summarizer);
  FeedStates(select, feed);
  FeedEvents(select, feed);
  FeedVariables(select, feed);
  FeedLinks(select, feed);
  feed.Flush();
}

}  // namespace tracedb

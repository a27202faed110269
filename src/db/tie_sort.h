// TieSortedRecords: a table's rows read in the order of its index's keys
// (container, time), written as CSV records (results/csv_text.h) in the
// table's whole order (TraceTable::order): each run of rows equal in the
// index's keys is held and sorted on the other keys, as ORDER BY would
// (NULL first unless NULLS LAST; integers and reals by value), and stably,
// so rows equal in every key stay in the index's order.
//
// Why: SQLite sorts such a "right part of ORDER BY" with a sorter made and
// freed for every run, even of one row: 4 of the 10 s that the 7.5 million
// states of the 1 GB bench trace took to read in order. Here a run of one
// row costs the few cursor reads of its index keys; only runs of two rows
// or more are sorted, on keys read back from their records' text.
//
// A run over the limits (one container with a million events at one time)
// is let go and read again through `select`, sorted by SQLite, which can
// spill to disk: memory stays bounded whatever the trace.
//
// Threading: the cursor's thread; `select` on the same connection.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "db/row_cursor.h"
#include "db/stored_trace_reader.h"
#include "db/trace_tables.h"

namespace tracedb {

struct TieSortLimits {
  size_t rows = size_t{1} << 16;    // held in one run at most
  size_t bytes = size_t{16} << 20;  // of the run's records' text at most
};

class TieSortedRecords {
 public:
  // Records go to `sink` in order, a run or a part of a run at a time.
  using Sink = std::function<void(std::string_view records)>;

  // `cursor` reads `table` by TraceTableSql(table, SQLite) and stays at
  // the caller's to move; `select` reads a run again.
  TieSortedRecords(const TraceTable& table, const RowCursor& cursor, SelectRows select, Sink sink,
                   TieSortLimits limits = {});

  void Add();     // the cursor's current row
  void Finish();  // after the last row

 private:
  // A value of a key column, as ORDER BY compares it: NULL apart, then by
  // its real value, and an integer's digits past a double's precision.
  struct Key {
    bool null = true;
    double real = 0;
    int64_t integer = 0;
  };
  struct Column {
    int index = 0;  // in the cursor's row
    std::string name;
    std::string term;  // as the ORDER BY has it: "value_id NULLS LAST"
    bool nulls_last = false;
  };

  void ReadIndexKeys(std::vector<Key>* keys) const;
  bool InRun() const;  // the row's index keys are the run's
  void Flush();
  void SortRun();
  void ReadTieKeys();
  size_t RecordEnd(size_t row) const;  // where record `row` of the run ends
  void ReadRunAgain();
  std::string RunSql() const;
  int Compare(uint32_t a, uint32_t b) const;

  const TraceTable& table_;
  const RowCursor& cursor_;
  SelectRows select_;
  Sink sink_;
  TieSortLimits limits_;
  std::vector<Column> index_columns_;
  std::vector<Column> tie_columns_;

  std::vector<Key> run_keys_;  // the index keys of the run held
  std::vector<Key> row_keys_;  // of the row being added
  std::string text_;           // the run's records
  std::vector<size_t> starts_;  // where each record of the run starts in text_
  bool skipping_ = false;       // the cursor's rows of run_keys_ were read again

  // Scratch of SortRun, kept for its capacity.
  std::vector<Key> ties_;  // tie_columns_.size() per row
  std::vector<uint32_t> order_;
  std::vector<std::string_view> fields_;
  std::string sorted_;
};

}  // namespace tracedb

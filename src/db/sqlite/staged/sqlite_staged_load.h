// staged/: the staged publish of a SQLite ingest, the mechanism its speed
// and the archive's concurrency rest on. What it buys, measured on the bench
// traces (docs/performance.md): rows written into unindexed scratch files
// (2.2M rows/s, against 0.27M into the indexed tables), by two writer threads
// at once (1 GB Paraver trace: load phase 17.2 s against 21.5 s with one),
// then published in one transaction in the index's order through a merge on
// the other core (1 GB Pajé ingest: 46.3-46.6 s against 54.8-57.7 s copied in
// batch order); and the write lock held for the publish only, not the whole
// load, so that other ingests, deletes and summarize go on meanwhile. The
// files: this one (the scratch and the publish), sqlite_split_writer.h (the
// writers), run_merger.h, row_block.h and row_block_table.h (the merge).
//
// SqliteStagedLoad: where an ingest puts a trace's rows before they join the
// archive. Loading into the indexed archive tables directly costs a random
// B-tree insert per row and index (build-notes: 0.27M rows/s against 2.2M
// without indexes), so rows go first into a scratch database beside the
// archive (`DB.load-ID`: no indexes, no journal, no fsync), then Publish moves
// them over and completes the trace in the same transaction. The index keys
// start with trace_id, so the new trace's entries all go to the right edge
// of each index. The four entity tables' rows come merged from the batches'
// runs (db/sqlite/staged/run_merger.h), in the index's order, so that each
// container's entries append too; the other tables are copied with one
// INSERT ... SELECT each.
//
// The scratch may be split in parts, one file each (`DB.load-ID`,
// `DB.load-ID.p1`, ...), so that several writers fill them at once; Publish
// copies each part in turn. Publishing while the load still runs would hold
// the write lock for the whole load and gain little on two cores, whose load
// keeps both busy: the 1 GB trace's load and a replay of its publish took
// 25.2 s side by side against 27.8 s one after the other. Writing every
// batch straight into the archive's indexed tables, in one transaction from
// the first batch to the commit, was measured too (docs/performance.md, "Why a
// SQLite ingest writes each row twice"): 0.81-0.88x of the time, for 25-35 MB
// more peak RSS and the write lock held for the whole load.
//
// So the archive changes twice per ingest: the "loading" trace row, and the
// publishing transaction. A failed or killed load leaves no entity rows in
// it; the scratch file of a killed one is removed by RemoveStaleLoadFiles.
//
// Thread rules of its connection (one thread at a time), which must outlive
// it. Until Publish, part 0 is written through that connection on the
// pipeline's writer thread (sqlite_split_writer.h): leave it alone till then.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/sqlite/scratch_runs.h"
#include "db/sqlite/sqlite_connection.h"
#include "db/trace_record.h"

namespace tracedb {

class SqliteStagedLoad {
 public:
  // Creates the scratch files, `parts` of them, and attaches them as
  // schemas Schema(0) ("load"), Schema(1), ..., with empty copies of the
  // entity tables without their trace_id column.
  SqliteStagedLoad(SqliteConnection& connection, int64_t trace_id, int parts = 1);
  ~SqliteStagedLoad();  // detaches and removes the scratch file; never throws
  SqliteStagedLoad(const SqliteStagedLoad&) = delete;
  SqliteStagedLoad& operator=(const SqliteStagedLoad&) = delete;

  static std::string Schema(int part);
  const std::string& path(int part) const { return paths_[part]; }
  int parts() const { return static_cast<int>(paths_.size()); }
  // Where the runs of part `part` end: its writer notes them (one thread
  // per part), Publish reads them.
  ScratchRuns* runs(int part) { return &runs_[part]; }

  // In one transaction: the staged rows into the archive, the trace marked
  // complete (and `replaced`, if any, deleted). Without `replaced`, a
  // complete trace of the summary's sha256 published meanwhile wins
  // (archive.h): the trace row goes instead, and that trace's id is returned.
  std::optional<int64_t> Publish(const TraceSummary& summary, std::optional<int64_t> replaced);

  static std::string ScratchPath(const std::string& database, int64_t trace_id, int part = 0);

 private:
  void Attach(int part);
  void CopyTable(size_t table);
  void MergeTable(size_t table, size_t run_table);
  void RefreshStatistics();
  void ReadScratchColumns();
  void Release() noexcept;  // detach and remove the scratch files

  SqliteConnection& connection_;
  int64_t trace_id_;
  std::vector<std::string> paths_;
  std::vector<ScratchRuns> runs_;  // per part
  std::vector<std::string> columns_;  // of each scratch table, in kTables' order
  int attached_ = 0;
};

// Removes the scratch files of these traces (interrupted loads), all parts.
void RemoveStaleLoadFiles(const std::string& database, const std::vector<int64_t>& trace_ids);

// The trace ids of the scratch files beside `database` (ScratchPath, any
// part), in no particular order; none when its folder cannot be read.
std::vector<int64_t> ScratchFileIds(const std::string& database);

}  // namespace tracedb

// ProgressLine: one self-rewriting line on stderr while a trace loads, on
// a terminal (or anywhere, when asked), at most 80 columns:
//
//   run.paje  [########----------]  45%  12.34M rows  85.1 MB/s  ETA 0:12
//   run.paje  [##################] 100%  indexing and publishing...
//
// The percentage is of the file on disk (its compressed bytes for .gz);
// redrawn at most 10 times a second. Clear() (or the destructor, on an
// error) erases it, so that the terminal is left on a clean line.
//
// Not thread-safe: Update, Stage and Clear run on the thread that called
// IngestTraceFile, where the ingest's progress, publish and skip callbacks
// come from (its in-order stage).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "pipeline/ingest_pipeline.h"

namespace tracedb {

struct ProgressOptions {
  bool quiet = false;   // -q: never
  bool forced = false;  // --progress: also when stderr is not a terminal
};

class ProgressLine {
 public:
  ProgressLine(std::string label, ProgressOptions options);
  ~ProgressLine() { Clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void Update(const LoadProgress& progress);
  // The rows are read: what happens now, in words, at 100%.
  void Stage(std::string_view what);
  void Clear();  // erases the line, if one was drawn

 private:
  void Draw(const std::string& text);

  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace tracedb

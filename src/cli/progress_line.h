// ProgressLine: one self-rewriting line on stderr while a trace loads
// ("ring.paje: 512.0 MB read, 12.34 M rows, 85.1 MB/s"), only when stderr is
// a terminal and not silenced; redrawn at most 10 times a second.
//
// Not thread-safe: Update and Clear run on the thread that called
// IngestTraceFile, where the ingest's progress and skip callbacks come from
// (its in-order stage).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace tracedb {

class ProgressLine {
 public:
  ProgressLine(std::string label, bool quiet);
  void Update(uint64_t bytes, int64_t rows);
  void Clear();  // erases the line, if one was drawn

 private:
  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace tracedb

#include "cli/progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace tracedb {

ProgressLine::ProgressLine(std::string label, bool quiet)
    : label_(std::move(label)),
      enabled_(!quiet && isatty(STDERR_FILENO) == 1),
      started_(std::chrono::steady_clock::now()),
      last_(started_) {}

void ProgressLine::Update(uint64_t bytes, int64_t rows) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  double seconds = std::chrono::duration<double>(now - started_).count();
  double mb = static_cast<double>(bytes) / 1e6;
  std::fprintf(stderr, "\r\033[K%s: %.1f MB read, %.2f M rows, %.1f MB/s", label_.c_str(), mb,
               static_cast<double>(rows) / 1e6, seconds > 0 ? mb / seconds : 0.0);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::Clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace tracedb

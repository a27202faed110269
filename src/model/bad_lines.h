// BadLines: what a reader does with a body line it cannot use. Strict (the
// default, --on-error fail) ends the read with that line's error. Lenient
// (--on-error skip) reports the line, counts it and reads on as if the line
// were not there, until more than `max_skipped` lines were skipped; that
// line then ends the read, its error saying so.
//
// Only errors about one line come here: a bad number, an undefined event id,
// a wrong field count, an event the simulator refuses. What no skipping can
// cure (a cut gzip stream, a broken header, an I/O or database error) never
// does, and fails a lenient read as well.
//
// Threading: one thread, the in-order stage, so lines arrive in file order.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "model/input_error.h"

namespace tracedb {

enum class OnError { kFail, kSkip };

inline constexpr uint64_t kNoSkipLimit = std::numeric_limits<uint64_t>::max();
// The skipped lines whose text a trace row keeps (trace.skipped_errors).
inline constexpr size_t kKeptSkippedErrors = 10;

struct BadLineOptions {
  OnError on_error = OnError::kFail;
  uint64_t max_skipped = kNoSkipLimit;  // with kSkip: one more fails the read
};

// With kSkip, called for each skipped line, in file order, on the reading
// thread. Unset: skipped silently.
using SkipCallback = std::function<void(const InputError&)>;

// What a lenient read left out: for the summary and the trace row.
struct SkippedLines {
  uint64_t count = 0;
  std::vector<std::string> first;  // the first kKeptSkippedErrors, "FILE:LINE: problem"
};

class BadLines {
 public:
  // `file` names the input in the messages.
  BadLines(std::string file, BadLineOptions options, SkipCallback on_skip = {})
      : file_(std::move(file)), options_(options), on_skip_(std::move(on_skip)) {}

  // Line `line` is bad. Returns when it is skipped; throws ProblemError
  // (line, problem) in strict mode, or when it is one too many.
  void Report(uint64_t line, const std::string& problem);

  const SkippedLines& skipped() const { return skipped_; }

 private:
  std::string file_;
  BadLineOptions options_;
  SkipCallback on_skip_;
  SkippedLines skipped_;
};

}  // namespace tracedb
